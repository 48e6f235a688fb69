/** Where to go after signing in: the /app page the guard sent the user away from, if any. */
export function returnPathFrom(state: unknown): string | null {
  const from = state && typeof state === 'object' ? (state as { from?: unknown }).from : undefined;
  return typeof from === 'string' && from.startsWith('/app') ? from : null;
}
