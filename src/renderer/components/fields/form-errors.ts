/**
 * Where a refused submission's message belongs: the server's words about the password (too short,
 * too weak, leaked) go under the password field, where the user will fix it; anything else is a
 * toast. The client only checks the minimum length; the server's rules may be stricter.
 */
export function passwordFieldMessage(message: string | undefined): string | undefined {
  return message && /password/i.test(message) ? message : undefined;
}
