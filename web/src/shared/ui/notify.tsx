import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

export function notifyOk(message: string) {
  notifications.show({ message, color: 'green', autoClose: 3000 });
}

export function notifyError(message: string) {
  notifications.show({ message, color: 'red', autoClose: 6000 });
}

/** A notification with one action (Undo, Make the rule…): the action hides it, then runs. */
export function notifyWithAction(message: string, action: string, onAction: () => void, autoClose = 8000) {
  const id = `action-${Date.now()}-${Math.random()}`;
  notifications.show({
    id,
    autoClose,
    message: (
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            onAction();
          }}
        >
          {action}
        </Button>
      </Group>
    ),
  });
}
