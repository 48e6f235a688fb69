import { SEVERITY_LEVEL_LABELS } from '../../../shared/severity';
import { eventText, headline, type AlertMessage } from '../message';
import { postJson, type SendPolicy, type SendResult } from './send-result';

const EMOJI: Record<string, string> = { critical: ':red_circle:', warning: ':large_orange_circle:', info: ':large_blue_circle:' };

/** A Block Kit message: headline, what happened, the numbers, and a button to the requests. */
export function slackPayload(m: AlertMessage): Record<string, unknown> {
  const icon = m.event === 'resolved' ? ':white_check_mark:' : m.event === 'test' ? ':wave:' : (EMOJI[m.alert.severity] ?? '');
  const fields = [
    { type: 'mrkdwn', text: `*Website*\n${m.websiteName ?? 'All websites'}` },
    { type: 'mrkdwn', text: `*Severity*\n${SEVERITY_LEVEL_LABELS[m.alert.severity] ?? m.alert.severity}` },
    ...Object.entries(m.alert.details)
      .filter(([, v]) => typeof v === 'number' || typeof v === 'string')
      .slice(0, 6)
      .map(([k, v]) => ({ type: 'mrkdwn', text: `*${k.replace(/_/g, ' ')}*\n${String(v)}` })),
  ];
  return {
    text: headline(m),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: `${headline(m)}`.slice(0, 150), emoji: true } },
      { type: 'section', text: { type: 'mrkdwn', text: `${icon} ${eventText(m)}` } },
      { type: 'section', fields: fields.slice(0, 10) },
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: m.event === 'test' ? 'Open alerts' : 'See the requests' }, url: m.link }],
      },
      { type: 'context', elements: [{ type: 'mrkdwn', text: `Tracklint · ${m.organizationName} · <${m.alertsUrl}|All alerts>` }] },
    ],
  };
}

export function sendSlack(url: string, m: AlertMessage, policy?: SendPolicy): Promise<SendResult> {
  return postJson(url, JSON.stringify(slackPayload(m)), {}, policy);
}
