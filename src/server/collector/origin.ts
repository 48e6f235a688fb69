/** Where a browser says a request comes from, and whether the website allows it. */
export interface OriginCheck {
  allowed: boolean;
  /** The host from Origin (or Referer), lowercased; undefined when neither header was sent. */
  host?: string;
  /** True when the host is the website's domain or a subdomain: such a hit may verify the website. */
  fromSiteDomain: boolean;
}

function hostOf(value: string | undefined): string | undefined {
  if (!value || value === 'null') return undefined;
  try {
    return new URL(value).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** True when host is domain or one of its subdomains; `www.` on the website's domain is optional. */
export function hostBelongsTo(host: string, domain: string): boolean {
  const d = domain.toLowerCase();
  const bare = d.startsWith('www.') ? d.slice(4) : d;
  for (const base of bare === d ? [d] : [d, bare]) {
    if (host === base) return true;
    if (host.length > base.length && host.endsWith(base) && host.charAt(host.length - base.length - 1) === '.') return true;
  }
  return false;
}

/**
 * Checks Origin (else Referer) against the website's domain. A request with neither header is
 * not a browser's (server-side tagging, Measurement Protocol): it is allowed but cannot verify.
 */
export function checkOrigin(domain: string, origin: string | undefined, referer: string | undefined): OriginCheck {
  const host = hostOf(origin) ?? hostOf(referer);
  if (host === undefined) return { allowed: true, fromSiteDomain: false };
  const ok = hostBelongsTo(host, domain);
  return { allowed: ok, host, fromSiteDomain: ok };
}
