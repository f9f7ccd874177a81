import { notifications } from '@mantine/notifications';

export function notifyOk(message: string) {
  notifications.show({ message, color: 'green', autoClose: 3000 });
}

export function notifyError(message: string) {
  notifications.show({ message, color: 'red', autoClose: 6000 });
}
