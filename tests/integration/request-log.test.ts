import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/logger';
import type { RunningServer } from '../../src/server/server';
import { signUpConfirmed, subscribe, type Persona } from '../support/personas';
import { startSecondServer, type SecondServer } from '../support/second-server';

// Issue 24, item 7: every request has an id, echoed in X-Request-Id and on the lines its handlers
// log. A second server on the test database sends mail to an SMTP port nobody listens on, so an
// invitation fails and its handler logs through the request's logger; the lines are captured.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const lines: string[] = [];
let second: SecondServer | undefined;
let server: RunningServer | undefined;
let owner: Persona;
let orgId: string;

/** A loopback port that was free a moment ago and has no listener now. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  second = await startSecondServer(
    'request-log',
    { LOG_LEVEL: 'info', ALERTS_SCHEDULER: 'false', SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
    createLogger('info', { write: (line: string) => void lines.push(line) }),
  );
  server = second.server;
  // Signed up on the suite's server (its development mailbox confirms the address).
  owner = await signUpConfirmed('request-log-owner');
  const slug = `request-log-${Date.now().toString(36)}`;
  const { data, error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Request Log Org', org_slug: slug, org_plan: 'free' });
  if (error) throw error;
  orgId = (data as { organization_id: string }).organization_id;
  // The free plan has no seats to invite into.
  await subscribe(orgId, 'pro');
}, 120_000);

afterAll(async () => {
  await second?.stop();
});

function invite(headers: Record<string, string>) {
  return fetch(`${server!.url}/api/organizations/${orgId}/invitations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}`, ...headers },
    body: JSON.stringify({ email: `invitee-${Date.now().toString(36)}@example.com`, role: 'member' }),
  });
}

function loggedLines(): Array<Record<string, unknown>> {
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('request ids (X-Request-Id) and the request logger', () => {
  it('keeps a sane incoming id, echoes it and logs the handler\'s error with it (and no bearer token)', async () => {
    const id = `it-${Date.now().toString(36)}-abc_DEF=`;
    const res = await invite({ 'x-request-id': id });
    expect(res.status).toBe(502);
    expect(res.headers.get('x-request-id')).toBe(id);
    const failure = loggedLines().find((l) => l.msg === 'invitation email failed' && l.requestId === id);
    expect(failure).toMatchObject({ level: 'error', requestId: id });
    expect(lines.join('\n')).not.toContain(owner.accessToken);
  });

  it('makes up a UUID when the request brings none, and logs with that one', async () => {
    const res = await invite({});
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(loggedLines().some((l) => l.msg === 'invitation email failed' && l.requestId === id)).toBe(true);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with other characters', 'id with spaces; and <tags>'],
  ])('replaces an incoming id %s with a UUID', async (_, incoming) => {
    const res = await fetch(`${server!.url}/health`, { headers: { 'x-request-id': incoming } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });
});
