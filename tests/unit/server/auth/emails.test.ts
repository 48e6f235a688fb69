import { describe, expect, it } from 'vitest';
import { authEmails, confirmationEmail, invitationEmail, sendInvitationEmail } from '../../../../src/server/auth/emails';
import type { MailMessage } from '../../../../src/server/mail/mailer';

describe('auth email templates', () => {
  it('puts the link in both the plain-text and the HTML body', () => {
    const link = 'http://localhost:8787/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A8787%2Fverify-email';
    const mail = confirmationEmail(link);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
  });

  it('escapes organization names in invitation HTML', () => {
    const mail = invitationEmail('<script>alert(1)</script> & Co', 'https://app.example/accept?id=1&t=2');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(mail.text).toContain('https://app.example/accept?id=1&t=2');
    expect(mail.subject).toContain('<script>alert(1)</script> & Co');
  });

  it('sends invitations through the given mailer, standalone or bound', async () => {
    const sent: MailMessage[] = [];
    const mailer = { send: async (m: MailMessage) => void sent.push(m) };
    await sendInvitationEmail(mailer, 'bob@example.test', 'Acme', 'https://app.example/accept/1');
    await authEmails(mailer).sendInvitationEmail('eve@example.test', 'Beta', 'https://app.example/accept/2');
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['bob@example.test', 'You have been invited to join Acme on Tracklint'],
      ['eve@example.test', 'You have been invited to join Beta on Tracklint'],
    ]);
    expect(sent[1]!.text).toContain('https://app.example/accept/2');
  });
});
