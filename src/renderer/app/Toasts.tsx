import { Notifications } from '@mantine/notifications';
// Mantine's Notification (the toast itself; its close button and loader are in app/public-styles)
// and the container's styles: auth pages show toasts without loading the full sheet.
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { TOAST_LIMIT } from '../notifications/toast-catalogue';

/** The toast container, in its own chunk (see SessionProviders). */
export function Toasts() {
  // Bottom: a toast must never cover the top bar's menu button or user menu.
  return <Notifications limit={TOAST_LIMIT} position="bottom-right" />;
}
