import type { SqlClient } from '../../db/database';
import { SEVERITY_LEVEL_LABELS, type SeverityLevel } from '../../../shared/severity';

interface DigestAlert {
  title: string;
  summary: string;
  severity: string;
  status: string;
  opened_at: Date;
  link: string | null;
}

// Unresolved alerts, and those opened in the day before the digest (resolved since or not).
const ALERTS = `
  select title, summary, severity, status, opened_at, link from public.alerts
  where organization_id = $1 and (status <> 'resolved' or opened_at >= $2::timestamptz - interval '1 day') and opened_at < $2::timestamptz
  order by status = 'resolved', case severity when 'critical' then 0 when 'warning' then 1 else 2 end, opened_at desc
  limit 50`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The daily digest of one organization as of `until` (08:00 UTC of the digest day). */
export async function digestEmail(client: SqlClient, organizationId: string, organizationName: string, until: Date, publicUrl: string): Promise<{ subject: string; text: string; html: string }> {
  const { rows } = await client.query<DigestAlert>(ALERTS, [organizationId, until]);
  const open = rows.filter((a) => a.status !== 'resolved');
  const day = until.toISOString().slice(0, 10);
  const subject = `[Tracklint] Daily digest for ${organizationName}: ${open.length} unresolved alert${open.length === 1 ? '' : 's'}`;
  const line = (a: DigestAlert) => `- [${a.status}] ${a.title} (${SEVERITY_LEVEL_LABELS[a.severity as SeverityLevel] ?? a.severity}, opened ${a.opened_at.toISOString().slice(0, 16).replace('T', ' ')} UTC)`;
  const text = [
    `Alerts of ${organizationName} on ${day}`,
    '',
    rows.length === 0 ? 'No alerts: every rule was quiet.' : rows.map(line).join('\n'),
    '',
    `All alerts: ${publicUrl}/app/alerts`,
  ].join('\n');
  const html = `<h2>Alerts of ${escape(organizationName)} on ${day}</h2>${
    rows.length === 0 ? '<p>No alerts: every rule was quiet.</p>' : `<ul>${rows.map((a) => `<li>${escape(line(a).slice(2))}</li>`).join('')}</ul>`
  }<p><a href="${escape(publicUrl)}/app/alerts">All alerts</a></p>`;
  return { subject, text, html };
}
