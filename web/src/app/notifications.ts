// The toasts' container with its styles, a chunk of its own (providers.tsx).
import '@mantine/notifications/styles.css';

export { Notifications as default } from '@mantine/notifications';
