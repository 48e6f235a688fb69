import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../support/clients';
import { createTenant, type Tenant } from '../support/personas';
import { startSecondServer, type SecondServer } from '../support/second-server';

// Issue 26 item 8, the DNS path: a website is verified when its domain publishes the token as a TXT
// record, asked of a real DNS server over UDP (a loopback one here, DOMAIN_VERIFICATION_DNS_SERVER).

/** TXT records the loopback DNS server answers with, by lower-case name; names it does not know get NXDOMAIN. */
let zone = new Map<string, string[]>();
const asked: string[] = [];

function answer(query: Buffer): Buffer {
  const packet = dnsPacket.decode(query);
  const question = packet.questions?.[0];
  const name = question?.name.toLowerCase() ?? '';
  asked.push(`${question?.type ?? '?'} ${name}`);
  const records = question?.type === 'TXT' ? zone.get(name) : undefined;
  return dnsPacket.encode({
    id: packet.id,
    type: 'response',
    flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (records ? 0 : 3), // rcode 3: NXDOMAIN
    questions: packet.questions,
    answers: (records ?? []).map((data) => ({ type: 'TXT' as const, name, ttl: 60, class: 'IN' as const, data })),
  });
}

let dns: dgram.Socket;
let second: SecondServer | undefined;
let tenant: Tenant;
let websiteId: string;
let token: string;
const DOMAIN = 'shop.dns-verify.example.com';

beforeAll(async () => {
  dns = dgram.createSocket('udp4');
  dns.on('message', (msg, from) => dns.send(answer(msg), from.port, from.address));
  await new Promise<void>((resolve) => dns.bind(0, '127.0.0.1', resolve));
  second = await startSecondServer('verify-dns', {
    DOMAIN_VERIFICATION_DNS_SERVER: `127.0.0.1:${(dns.address() as AddressInfo).port}`,
    // Nothing listens here: the file and meta-tag checks find nothing, so only DNS can verify.
    DOMAIN_VERIFICATION_HTTP_PORT: '9',
  });
  tenant = await createTenant('dns-verify', 'starter');
  const made = await tenant.owner.client.from('websites').insert({ organization_id: tenant.orgId, name: 'DNS shop', domain: DOMAIN }).select('id, verification_token').single();
  if (made.error) throw made.error;
  websiteId = made.data.id;
  token = made.data.verification_token;
});

afterAll(async () => {
  await second?.stop();
  dns?.close();
});

const verify = async () => {
  const res = await fetch(`${second!.server.url}/api/websites/${websiteId}/verify`, { method: 'POST', headers: { authorization: `Bearer ${tenant.owner.accessToken}` } });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};
const status = async () => (await sql<{ verification_status: string; verification_method: string | null }>('select verification_status, verification_method from public.websites where id = $1', [websiteId]))[0]!;

describe('domain verification by DNS TXT record', () => {
  it('a TXT record with another token, or none, does not verify; the answer names the record to publish', async () => {
    zone = new Map([[DOMAIN, ['v=spf1 -all', 'tracklint-verification=tracklint-someone-else']]]);
    const res = await verify();
    expect(res.status).toBe(422);
    expect(res.json.error).toEqual(expect.stringContaining(`TXT record "tracklint-verification=${token}"`));
    expect(asked).toEqual(expect.arrayContaining([`TXT ${DOMAIN}`, `TXT _tracklint.${DOMAIN}`]));
    expect(await status()).toEqual({ verification_status: 'pending', verification_method: null });
  });

  it('the token on _tracklint.DOMAIN verifies the website as dns', async () => {
    zone = new Map([[`_tracklint.${DOMAIN}`, [`tracklint-verification=${token}`]]]);
    expect(await verify()).toEqual({ status: 200, json: { verified: true, method: 'dns' } });
    expect(await status()).toEqual({ verification_status: 'verified', verification_method: 'dns' });
  });
});
