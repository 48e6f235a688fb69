import { notify } from '../../notifications/notify';
import { errorMessage, type ToastEntry } from '../../notifications/toast-catalogue';

/**
 * Where a refused submission's message belongs: the server's words about the password (too short,
 * too weak, leaked) go under the password field, where the user will fix it; anything else is a
 * toast. The client only checks the minimum length; the server's rules may be stricter.
 */
export function passwordFieldMessage(message: string | undefined): string | undefined {
  return message && /password/i.test(message) ? message : undefined;
}

/** A refused submission with a new password: what the server said about it under the field, and the `failure` toast. */
export function reportPasswordRefusal(err: unknown, setPasswordError: (message: string) => void, failure: ToastEntry): void {
  const message = errorMessage(err) ?? undefined;
  const fieldMessage = passwordFieldMessage(message);
  if (fieldMessage) setPasswordError(fieldMessage);
  notify(failure, message ?? null);
}
