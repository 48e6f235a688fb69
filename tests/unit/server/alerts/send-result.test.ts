import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ACCEPTED, postJson } from '../../../../src/server/alerts/channels/send-result';

// Real sockets on loopback: a receiver that answers 200, one that answers 403, a port that does
// not speak HTTP, and a closed port.

let ok: http.Server;
let refusing: http.Server;
let notHttp: net.Server;
let closedPort: number;
let okHits = 0;

const port = (s: net.Server) => (s.address() as AddressInfo).port;
const listen = (s: net.Server) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));

beforeAll(async () => {
  ok = http.createServer((req, res) => {
    okHits++;
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  refusing = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = 403;
      res.end('no');
    });
  });
  notHttp = net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));
  await Promise.all([listen(ok), listen(refusing), listen(notHttp)]);
  const probe = net.createServer();
  await listen(probe);
  closedPort = port(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

afterAll(() => {
  // Not awaited: a half-closed socket of the non-HTTP port may linger until its peer times out.
  ok.closeAllConnections();
  refusing.closeAllConnections();
  for (const s of [ok, refusing, notHttp]) s.close();
});

describe('alert sends: one error text, and internal addresses refused at send time', () => {
  it('delivers to a receiver that accepts', async () => {
    expect(await postJson(`http://127.0.0.1:${port(ok)}/hook`, '{}')).toEqual({ ok: true, statusCode: 200, error: null });
  });

  it('a closed port, a non-HTTP port and a refused request fail with the same text', async () => {
    const closed = await postJson(`http://127.0.0.1:${closedPort}/hook`, '{}');
    const garbage = await postJson(`http://127.0.0.1:${port(notHttp)}/hook`, '{}');
    const refused = await postJson(`http://127.0.0.1:${port(refusing)}/hook`, '{}');
    for (const r of [closed, garbage, refused]) expect(r).toMatchObject({ ok: false, error: NOT_ACCEPTED });
    // The status code is kept for the delivery log only when there was an HTTP answer.
    expect(refused.statusCode).toBe(403);
  });

  it('with private addresses refused, a public-looking name that resolves to loopback is not contacted', async () => {
    const before = okHits;
    const byName = await postJson(`http://localhost:${port(ok)}/hook`, '{}', {}, { refusePrivateAddresses: true });
    const byLiteral = await postJson(`http://127.0.0.1:${port(ok)}/hook`, '{}', {}, { refusePrivateAddresses: true });
    const mapped = await postJson(`http://[::ffff:127.0.0.1]:${port(ok)}/hook`, '{}', {}, { refusePrivateAddresses: true });
    for (const r of [byName, byLiteral, mapped]) expect(r).toEqual({ ok: false, statusCode: null, error: NOT_ACCEPTED });
    expect(okHits).toBe(before);
  });
});
