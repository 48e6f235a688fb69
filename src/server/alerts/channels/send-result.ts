import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateHost } from '../../http/private-address';

/** The outcome of one attempt: what the delivery log records. Errors never contain the target URL. */
export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

export const TIMEOUT_MS = 10_000;

/**
 * The one error text of every failed send: a closed port, a port that does not speak HTTP, a
 * receiver that answers 4xx/5xx, a timeout and an address refused below all read alike, so a
 * channel cannot be used to map which hosts and ports answer. (The status code, when there was
 * one, is still logged with the delivery.)
 */
export const NOT_ACCEPTED = 'The receiver did not accept the message';

/** Where a send may connect: in production, never to loopback, private or link-local addresses. */
export interface SendPolicy {
  refusePrivateAddresses: boolean;
}

class RefusedAddress extends Error {
  readonly code = 'EADDRREFUSED';
}

/**
 * Resolves the receiver's name once per connection, checks every address it resolves to, and
 * hands the connection exactly the address it checked (pinned: no second lookup between the check
 * and the connect, so a name that changes its answer cannot slip an internal address in).
 */
function checkedLookup(policy: SendPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as LookupAddress[];
      if (list.length === 0 || (policy.refusePrivateAddresses && list.some((a) => isPrivateHost(a.address)))) {
        return callback(new RefusedAddress('address refused'), '', 4);
      }
      const first = list[0]!;
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [first]);
      else callback(null, first.address, first.family);
    });
  };
}

/**
 * POSTs a JSON body without following redirects (a redirect could lead a signed body elsewhere),
 * with a time limit, on a fresh connection to an address checked at send time (checkedLookup).
 */
export function postJson(url: string, body: string, headers: Record<string, string> = {}, policy: SendPolicy = { refusePrivateAddresses: false }): Promise<SendResult> {
  const failed = (statusCode: number | null = null): SendResult => ({ ok: false, statusCode, error: NOT_ACCEPTED });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(failed());
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // An address literal is never looked up: check it here.
  if (policy.refusePrivateAddresses && isIP(host) !== 0 && isPrivateHost(host)) return Promise.resolve(failed());
  const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : undefined;
  if (!client) return Promise.resolve(failed());
  return new Promise<SendResult>((resolve) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        lookup: checkedLookup(policy),
        timeout: TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Tracklint-Alerts/1', ...headers },
      },
      (res) => {
        // Read and drop the body so the connection is released.
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          resolve(status >= 200 && status < 300 ? { ok: true, statusCode: status, error: null } : failed(status));
        });
        res.on('error', () => resolve(failed(res.statusCode ?? null)));
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error('timeout')), TIMEOUT_MS);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(failed()));
    req.end(body);
  });
}
