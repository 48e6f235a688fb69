import { Hono } from 'hono';
import { clientAddress, isLoopbackAddress } from '../http/client-address';
import type { DevMailbox } from './mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * /dev/mailbox (a page) and /dev/mailbox.json: the development inbox, only when no SMTP_URL is set
 * outside production. It holds password-reset and magic links, so only this machine may read it:
 * the socket address must be loopback, and forwarded headers are never believed here (a proxy on
 * this machine would otherwise make every remote client look local).
 */
/** Headers a proxy adds for the client it forwards: any of them means the request is not from this machine. */
const PROXY_HEADERS = ['x-forwarded-for', 'x-real-ip', 'forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip', 'via'];

export function createDevMailboxRoutes(mailbox: DevMailbox): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!isLoopbackAddress(clientAddress(c, false)) || PROXY_HEADERS.some((h) => c.req.header(h) !== undefined)) {
      return c.json({ error: 'The development mailbox answers only on this machine (loopback). Set SMTP_URL to send real mail.' }, 403);
    }
    await next();
  });
  app.get('/mailbox.json', (c) => c.json(mailbox.list(), 200, { 'cache-control': 'no-store' }));
  app.get('/mailbox', (c) => {
    const items = mailbox
      .list()
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p>To: ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p>
<div class="body">${m.html}</div>
<ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul></article>`,
      )
      .join('<hr>');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tracklint dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}article{margin:1rem 0}</style></head>
<body><h1>Development mailbox</h1><p>Development only: emails the server would have sent, readable from this machine only. It is off in production, where SMTP_URL is required.</p>${items || '<p>No messages yet.</p>'}</body></html>`);
  });
  return app;
}
