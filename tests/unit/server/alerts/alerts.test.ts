import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { slackPayload } from '../../../../src/server/alerts/channels/slack';
import { webhookBody } from '../../../../src/server/alerts/channels/webhook';
import { alertEmail } from '../../../../src/server/alerts/channels/email';
import { usageSeverity } from '../../../../src/server/alerts/kinds/usage';
import { headline, type AlertMessage } from '../../../../src/server/alerts/message';
import { requestsLink } from '../../../../src/server/alerts/observation';
import { isPrivateHost } from '../../../../src/server/alerts/routes';
import { createChannelSecrets, signatureHeader, urlHint } from '../../../../src/server/alerts/secrets';

const secrets = createChannelSecrets('a-server-secret-that-is-long-enough-1234');

const message: AlertMessage = {
  deliveryId: 'd1',
  event: 'opened',
  organizationId: 'o1',
  organizationName: 'Shop Inc',
  websiteName: 'Shop',
  alert: { id: 'a1', kind: 'failure_rate', severity: 'critical', status: 'open', title: 'Shop: 40% of requests fail validation', summary: '8 of 20 requests failed.', details: { stored: 20, failed: 8, nested: { x: 1 } }, openedAt: '2026-11-23T10:00:00.000Z', resolvedAt: null, resolution: null },
  link: 'https://tracklint.example/app/requests?website=w1&status=fail',
  alertsUrl: 'https://tracklint.example/app/alerts',
  sentAt: '2026-11-23T10:00:05.000Z',
};

describe('channel secrets', () => {
  it('encrypts URLs so only this server secret reads them back, and refuses tampering', () => {
    const sealed = secrets.encryptUrl('https://hooks.slack.com/services/T1/B2/xyz');
    expect(sealed).not.toContain('hooks.slack.com');
    expect(secrets.decryptUrl(sealed)).toBe('https://hooks.slack.com/services/T1/B2/xyz');
    expect(secrets.encryptUrl('https://a.example/x')).not.toBe(secrets.encryptUrl('https://a.example/x'));
    const [v, iv, tag, body] = sealed.split('.');
    expect(() => secrets.decryptUrl([v, iv, tag, body!.slice(0, -2) + 'AA'].join('.'))).toThrow();
    expect(() => createChannelSecrets('another-server-secret-that-is-long-enough').decryptUrl(sealed)).toThrow();
  });

  it('derives one signing secret per channel and version', () => {
    expect(secrets.signingSecret('c1', 1)).toBe(secrets.signingSecret('c1', 1));
    expect(secrets.signingSecret('c1', 2)).not.toBe(secrets.signingSecret('c1', 1));
    expect(secrets.signingSecret('c2', 1)).not.toBe(secrets.signingSecret('c1', 1));
    expect(secrets.signingSecret('c1', 1)).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it('signs timestamp and body as HMAC-SHA256', () => {
    const header = signatureHeader('whsec_x', 1700000000, '{"a":1}');
    expect(header).toBe(`t=1700000000,v1=${createHmac('sha256', 'whsec_x').update('1700000000.{"a":1}').digest('hex')}`);
  });

  it('shows only host and the last characters of a URL', () => {
    expect(urlHint('https://hooks.slack.com/services/T1/B2/secretTOKEN')).toBe('https://hooks.slack.com/…OKEN');
  });

  it('refuses private and local targets (used in production)', () => {
    for (const h of ['localhost', '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '[::1]', 'fd00::1', 'metadata', 'db.internal'])
      expect(isPrivateHost(h), h).toBe(true);
    for (const h of ['hooks.slack.com', '8.8.8.8', '172.32.0.1', 'fcbarcelona.example']) expect(isPrivateHost(h), h).toBe(false);
  });
});

describe('one severity vocabulary in notifications (issue 22)', () => {
  it('email and Slack say Critical, the webhook carries the value and the same word', () => {
    expect(headline(message)).toBe('Critical alert: Shop: 40% of requests fail validation');
    expect(JSON.stringify(slackPayload(message))).toContain('*Severity*\\nCritical');
    expect(webhookBody(message).alert).toMatchObject({ severity: 'critical', severity_label: 'Critical' });
  });
});

describe('messages', () => {
  it('Slack: a Block Kit message with the website, the numbers and a link', () => {
    const p = slackPayload(message) as { text: string; blocks: Array<Record<string, unknown>> };
    expect(p.text).toBe('Critical alert: Shop: 40% of requests fail validation');
    expect(p.blocks.map((b) => b.type)).toEqual(['header', 'section', 'section', 'actions', 'context']);
    expect(JSON.stringify(p.blocks[2])).toContain('*Website*\\nShop');
    expect(JSON.stringify(p.blocks[2])).toContain('*failed*\\n8');
    expect(JSON.stringify(p.blocks[3])).toContain(message.link);
  });

  it('webhook: a stable JSON body', () => {
    expect(webhookBody({ ...message, event: 'resolved' })).toMatchObject({ id: 'd1', type: 'alert.resolved', website: 'Shop', alert: { id: 'a1', severity: 'critical' }, link: message.link });
  });

  it('email: subject says what happened, the body the numbers and the link, HTML escaped', () => {
    const mail = alertEmail({ ...message, websiteName: '<b>Shop</b>' });
    expect(mail.subject).toBe('[Tracklint] Critical alert: Shop: 40% of requests fail validation');
    expect(mail.text).toContain('failed: 8');
    expect(mail.text).toContain(`See the requests: ${message.link}`);
    expect(mail.html).toContain('&#60;b&#62;Shop');
  });
});

describe('evaluation helpers', () => {
  it('usage severities follow the spec', () => {
    expect(usageSeverity('monthly_requests', 0.8)).toBe('info');
    expect(usageSeverity('monthly_requests', 0.9)).toBe('warning');
    expect(usageSeverity('websites', 0.8)).toBe('warning');
    expect(usageSeverity('team_members', 1, 1)).toBe('info');
    expect(usageSeverity('team_members', 1, 1.5)).toBe('critical');
    expect(usageSeverity('monthly_requests', 1, 1)).toBe('critical');
  });

  it('links the requests log with the narrowest range covering the window', () => {
    expect(requestsLink('w1', { status: 'fail' }, 30)).toBe('/app/requests?website=w1&status=fail&range=1h');
    expect(requestsLink('w1', { rule: 'basic.cid_present' }, 120)).toBe('/app/requests?website=w1&rule=basic.cid_present');
    expect(requestsLink('w1', { event: 'purchase' }, 7 * 24 * 60)).toBe('/app/requests?website=w1&event=purchase&range=7d');
  });
});
