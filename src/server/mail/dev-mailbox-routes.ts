import { Hono } from 'hono';
import type { DevMailbox } from './mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** /dev/mailbox (a page) and /dev/mailbox.json: the development inbox, only when no SMTP_URL is set. */
export function createDevMailboxRoutes(mailbox: DevMailbox): Hono {
  const app = new Hono();
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
<body><h1>Development mailbox</h1><p>Emails the server would have sent. Set SMTP_URL to send real mail.</p>${items || '<p>No messages yet.</p>'}</body></html>`);
  });
  return app;
}
