/**
 * A share of a website's per-minute allowance per client, inside the website's own limit.
 *
 * The site key is public, so anyone can send hits with a website's Origin. The per-website limit
 * (rate-limit.ts) keeps them from burning the monthly quota, but alone it lets one forger take the
 * whole minute and have the site's real hits refused. Here each source may take only a share of
 * the minute: per client address (the connection's, or X-Forwarded-For behind TRUST_PROXY) and per
 * GA4 client id (`cid`). One source, however it varies its client ids, gets at most the address
 * share; many real visitors behind one address are told apart by their client ids only inside it.
 *
 * Counted in this process's memory per minute (no round trip: it runs before the shared limit).
 * With several processes each grants its own share, which errs on the side of admitting.
 */
export interface ClientRateLimiter {
  /** For each hit (given its client id, '' when it has none), whether its client may send it this minute. */
  admit(websiteId: string, perMinute: number, address: string | undefined, clientIds: readonly string[], nowMs: number): boolean[];
}

export const CLIENT_SHARES = {
  /** One client id may send this share of the website's per-minute limit (at least minPerClientId). */
  perClientId: 0.1,
  minPerClientId: 20,
  /** One address may send this share (at least minPerAddress), whatever client ids it uses. */
  perAddress: 0.25,
  minPerAddress: 30,
  /** Counters kept at most; beyond it the minute's counters start again (bounded memory under a flood of ids). */
  maxCounters: 200_000,
} as const;

const MINUTE_MS = 60_000;

export function clientShare(perMinute: number): { perClientId: number; perAddress: number } {
  return {
    perClientId: Math.min(perMinute, Math.max(CLIENT_SHARES.minPerClientId, Math.ceil(perMinute * CLIENT_SHARES.perClientId))),
    perAddress: Math.min(perMinute, Math.max(CLIENT_SHARES.minPerAddress, Math.ceil(perMinute * CLIENT_SHARES.perAddress))),
  };
}

export function createClientRateLimiter(): ClientRateLimiter {
  let minute = -1;
  const counts = new Map<string, number>();

  return {
    admit(websiteId, perMinute, address, clientIds, nowMs) {
      if (perMinute < 0) return clientIds.map(() => true);
      const now = Math.floor(nowMs / MINUTE_MS);
      if (now !== minute || counts.size > CLIENT_SHARES.maxCounters) {
        minute = now;
        counts.clear();
      }
      const share = clientShare(perMinute);
      const addressKey = `${websiteId}\u0000a\u0000${address ?? ''}`;
      return clientIds.map((cid) => {
        const idKey = `${websiteId}\u0000c\u0000${address ?? ''}\u0000${cid}`;
        const byAddress = counts.get(addressKey) ?? 0;
        const byId = counts.get(idKey) ?? 0;
        if (byAddress >= share.perAddress || byId >= share.perClientId) return false;
        counts.set(addressKey, byAddress + 1);
        counts.set(idKey, byId + 1);
        return true;
      });
    },
  };
}

/** The GA4 client id of a gtag hit (`cid` in its URL), '' when there is none or the URL does not parse. */
export function gtagClientId(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return '';
  try {
    return new URLSearchParams(url.slice(q + 1)).get('cid')?.slice(0, 128) ?? '';
  } catch {
    return '';
  }
}
