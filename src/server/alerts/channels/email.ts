import type { Mailer } from '../../mail/mailer';
import { eventText, headline, type AlertMessage } from '../message';
import type { SendResult } from './send-result';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function numbers(m: AlertMessage): Array<[string, string]> {
  // Lists of text (a drift alert's example request ids) read as one line.
  const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');
  return Object.entries(m.alert.details)
    .filter(([, v]) => typeof v === 'number' || typeof v === 'string' || isTextList(v))
    .map(([k, v]) => [k.replace(/_/g, ' '), isTextList(v) ? v.join(', ') : String(v)]);
}

export function alertEmail(m: AlertMessage): { subject: string; text: string; html: string } {
  const subject = `[Tracklint] ${headline(m)}`;
  const rows = numbers(m);
  const text = [
    headline(m),
    '',
    eventText(m),
    m.websiteName ? `Website: ${m.websiteName}` : '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `See the requests: ${m.link}`,
    `All alerts: ${m.alertsUrl}`,
  ]
    .filter((l, i, a) => l !== '' || a[i - 1] !== '')
    .join('\n');
  const html = `<h2>${escape(headline(m))}</h2><p>${escape(eventText(m))}</p>${m.websiteName ? `<p><strong>Website:</strong> ${escape(m.websiteName)}</p>` : ''}<table>${rows
    .map(([k, v]) => `<tr><th align="left">${escape(k)}</th><td>${escape(v)}</td></tr>`)
    .join('')}</table><p><a href="${escape(m.link)}">See the requests</a> · <a href="${escape(m.alertsUrl)}">All alerts</a></p>`;
  return { subject, text, html };
}

/** One message per recipient, so addresses are not shown to each other. */
export function sendEmail(mailer: Mailer, recipients: readonly string[], m: AlertMessage): Promise<SendResult> {
  return sendMail(mailer, recipients, alertEmail(m));
}

export async function sendMail(mailer: Mailer, recipients: readonly string[], mail: { subject: string; text: string; html: string }): Promise<SendResult> {
  if (recipients.length === 0) return { ok: false, statusCode: null, error: 'The channel has no recipients' };
  try {
    for (const to of recipients) await mailer.send({ to, ...mail });
    return { ok: true, statusCode: 250, error: null };
  } catch (err) {
    const e = err as { responseCode?: number; code?: string };
    return { ok: false, statusCode: typeof e.responseCode === 'number' ? e.responseCode : null, error: `The mail server refused it: ${e.code ?? (err instanceof Error ? err.message : 'unknown error')}` };
  }
}
