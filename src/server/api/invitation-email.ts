import type { Mailer } from '../mail/mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface InvitationEmail {
  to: string;
  organizationName: string;
  inviterEmail: string;
  role: string;
  acceptUrl: string;
  signInUrl: string;
}

/** The invitation mail: a sign-up link for new users and a sign-in link for existing accounts. */
export async function sendInvitationEmail(mailer: Mailer, m: InvitationEmail): Promise<void> {
  const subject = `You're invited to join ${m.organizationName} on Tracklint`;
  const text = `${m.inviterEmail} invited you to join ${m.organizationName} on Tracklint as ${m.role}.

New to Tracklint? Create your account: ${m.acceptUrl}
Already have an account? Sign in to accept: ${m.signInUrl}

The invitation expires in 7 days. If you did not expect it, ignore this email.`;
  const html = `<p>${escapeHtml(m.inviterEmail)} invited you to join <strong>${escapeHtml(m.organizationName)}</strong> on Tracklint as ${escapeHtml(m.role)}.</p>
<p><a href="${escapeHtml(m.acceptUrl)}">Create your account and join</a></p>
<p>Already have an account? <a href="${escapeHtml(m.signInUrl)}">Sign in to accept</a></p>
<p>The invitation expires in 7 days. If you did not expect it, ignore this email.</p>`;
  await mailer.send({ to: m.to, subject, text, html });
}
