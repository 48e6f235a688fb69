/**
 * Requests per minute to `/debug/mp/collect`, per key: the Measurement Protocol secret when one
 * is sent, else the client's address. The debug endpoint validates inline and stores nothing, so
 * without a limit of its own it would be the cheapest way to make the server validate on demand.
 * Counted in this process's memory per minute (fixed window).
 */
export const DEBUG_REQUESTS_PER_MINUTE = 20;

const MINUTE_MS = 60_000;
const MAX_KEYS = 100_000;

export interface DebugRateLimiter {
  /** Counts one request for the key; false when the key is over its minute's allowance. */
  take(key: string, nowMs: number): boolean;
}

export function createDebugRateLimiter(perMinute = DEBUG_REQUESTS_PER_MINUTE): DebugRateLimiter {
  let minute = -1;
  const counts = new Map<string, number>();
  return {
    take(key, nowMs) {
      const now = Math.floor(nowMs / MINUTE_MS);
      if (now !== minute || counts.size > MAX_KEYS) {
        minute = now;
        counts.clear();
      }
      const used = counts.get(key) ?? 0;
      if (used >= perMinute) return false;
      counts.set(key, used + 1);
      return true;
    },
  };
}
