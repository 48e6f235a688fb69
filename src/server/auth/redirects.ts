/**
 * Where an email link may send the browser. Only pages of our own site (same origin as the
 * public URL) are allowed, so a crafted link cannot bounce a fresh session to another site.
 */
export function resolveRedirect(publicUrl: string, requested: string | null | undefined, defaultPath: string): string {
  const fallback = new URL(defaultPath, publicUrl).toString();
  if (!requested) return fallback;
  let target: URL;
  try {
    target = new URL(requested, publicUrl);
  } catch {
    return fallback;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return fallback;
  if (target.origin !== new URL(publicUrl).origin) return fallback;
  return target.toString();
}

/** Puts params into the URL fragment (replacing any), as GoTrue's implicit flow does. */
export function withFragment(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  target.hash = new URLSearchParams(params).toString();
  return target.toString();
}

/** Adds params to the query string (PKCE flow: ?code=...). */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  target.hash = '';
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return target.toString();
}
