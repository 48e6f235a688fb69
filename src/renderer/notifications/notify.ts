import { notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS, toastText, type ToastEntry, type ToastVariant } from './toast-catalogue';

/** Shows one toast, replacing whatever toast is showing (only one at a time). */
export function showToast(title: string, message: string, variant: ToastVariant): void {
  notifications.clean();
  notifications.show({
    title,
    message,
    color: variant === 'destructive' ? 'red' : 'teal',
    autoClose: TOAST_AUTO_CLOSE_MS,
    withCloseButton: true,
    // Mantine passes extra props to the element; tests find toasts by this test id.
    'data-variant': variant,
    'data-testid': 'toast',
  } as Parameters<typeof notifications.show>[0]);
}

/**
 * Shows a catalogue toast. Pass the server's message for failures; the catalogue entry's
 * message is the fallback.
 */
export function notify(entry: ToastEntry, serverMessage?: string | null): void {
  const { title, message } = toastText(entry, entry.variant === 'destructive' ? serverMessage : null);
  showToast(title, message, entry.variant);
}
