import { Resolver, lookup } from 'node:dns/promises';
import { isPrivateHost } from '../http/private-address';
import { readCapped } from '../http/read-capped';

/**
 * Proof that whoever manages a website in Tracklint controls its domain, checked the way search
 * consoles do: the domain publishes the website's verification token as
 *  - a DNS TXT record `tracklint-verification=TOKEN` on the domain (or on `_tracklint.DOMAIN`),
 *  - the file `/.well-known/tracklint-verification.txt` containing TOKEN, or
 *  - `<meta name="tracklint-verification" content="TOKEN">` in the home page.
 * A hit with the domain's Origin proves nothing (anyone can send one): it only says traffic arrives.
 */
export type OwnershipProof = 'dns' | 'file' | 'meta';

export interface VerificationOptions {
  /** Production: https only, and never an address on this machine or its private network. */
  production: boolean;
  /** Development and tests: fetch the file and page over http on this port (a local site). */
  httpPort?: number;
  /** Development and tests: ask this DNS server (`host:port`) instead of the system's resolvers. */
  dnsServer?: string;
}

export const VERIFICATION_FILE = '/.well-known/tracklint-verification.txt';
const TIMEOUT_MS = 5_000;
const MAX_PAGE_BYTES = 256 * 1024;

export function dnsRecordFor(token: string): string {
  return `tracklint-verification=${token}`;
}

export function metaTagFor(token: string): string {
  return `<meta name="tracklint-verification" content="${token}">`;
}

async function dnsProof(domain: string, token: string, options: VerificationOptions): Promise<boolean> {
  // One resolver per check, with a timeout and one retry, so a silent DNS server cannot hold the request.
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: 2 });
  if (!options.production && options.dnsServer) resolver.setServers([options.dnsServer]);
  for (const name of [domain, `_tracklint.${domain}`]) {
    const records = await resolver.resolveTxt(name).catch(() => [] as string[][]);
    if (records.some((chunks) => chunks.join('').trim() === dnsRecordFor(token))) return true;
  }
  return false;
}

/** The body of a GET to the domain (at most MAX_PAGE_BYTES), or null. Redirects are not followed. */
async function fetchFromDomain(domain: string, path: string, options: VerificationOptions): Promise<string | null> {
  if (options.production) {
    const addresses = await lookup(domain, { all: true }).catch(() => []);
    if (addresses.length === 0 || addresses.some((a) => isPrivateHost(a.address))) return null;
  }
  const base = !options.production && options.httpPort ? `http://${domain}:${options.httpPort}` : `https://${domain}`;
  try {
    const res = await fetch(`${base}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (res.status !== 200 || !res.body) return null;
    // A longer page is cut at the cap: the file and the meta tag stand at its start.
    return (await readCapped(res.body, MAX_PAGE_BYTES)).text;
  } catch {
    return null;
  }
}

const META_RE = /<meta\s[^>]*name\s*=\s*["']tracklint-verification["'][^>]*>/gi;
const CONTENT_RE = /content\s*=\s*["']([^"']*)["']/i;

function pageHasMeta(html: string, token: string): boolean {
  for (const tag of html.match(META_RE) ?? []) if (CONTENT_RE.exec(tag)?.[1]?.trim() === token) return true;
  return false;
}

/** The first proof of ownership the domain publishes, or null. */
export async function findOwnershipProof(domain: string, token: string, options: VerificationOptions): Promise<OwnershipProof | null> {
  if (await dnsProof(domain, token, options)) return 'dns';
  const file = await fetchFromDomain(domain, VERIFICATION_FILE, options);
  if (file !== null && file.trim() === token) return 'file';
  const page = await fetchFromDomain(domain, '/', options);
  if (page !== null && pageHasMeta(page, token)) return 'meta';
  return null;
}
