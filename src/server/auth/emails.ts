import type { Mailer } from '../mail/mailer';
import { emailLayout as layout } from '../mail/layout';

/**
 * Every email the auth service (and invitations) send, each with a plain-text and an HTML body.
 * Templates are pure functions of their inputs so they can be tested and previewed on their own.
 */

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const PRODUCT = 'Tracklint';

export function confirmationEmail(link: string): EmailContent {
  return {
    subject: `Confirm your ${PRODUCT} account`,
    ...layout({
      heading: 'Confirm your email address',
      intro: `Thanks for signing up for ${PRODUCT}. Confirm your email address to finish creating your account.`,
      action: 'Confirm email address',
      link,
      footnote: 'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
    }),
  };
}

export function recoveryEmail(link: string): EmailContent {
  return {
    subject: `Reset your ${PRODUCT} password`,
    ...layout({
      heading: 'Reset your password',
      intro: 'We received a request to reset the password of your account. Follow the link to choose a new one.',
      action: 'Reset password',
      link,
      footnote: 'The link works once and expires in 1 hour. If you did not ask for this, ignore this email; your password stays the same.',
    }),
  };
}

export function magicLinkEmail(link: string): EmailContent {
  return {
    subject: `Your ${PRODUCT} sign-in link`,
    ...layout({
      heading: `Sign in to ${PRODUCT}`,
      intro: 'Follow the link to sign in. No password needed.',
      action: 'Sign in',
      link,
      footnote: 'The link works once and expires in 1 hour. If you did not ask for it, ignore this email.',
    }),
  };
}

export function emailChangeEmail(link: string, newEmail: string): EmailContent {
  return {
    subject: `Confirm your new ${PRODUCT} email address`,
    ...layout({
      heading: 'Confirm your new email address',
      intro: `Follow the link to use ${newEmail} for your ${PRODUCT} account.`,
      action: 'Confirm new email address',
      link,
      footnote: 'The link works once and expires in 24 hours. If you did not ask for this, ignore this email.',
    }),
  };
}

export function invitationEmail(orgName: string, acceptUrl: string): EmailContent {
  return {
    subject: `You have been invited to join ${orgName} on ${PRODUCT}`,
    ...layout({
      heading: `Join ${orgName} on ${PRODUCT}`,
      intro: `You have been invited to join the organization ${orgName} on ${PRODUCT}.`,
      action: 'Accept invitation',
      link: acceptUrl,
      footnote: 'If you were not expecting this invitation, ignore this email.',
    }),
  };
}

type MailSender = Pick<Mailer, 'send'>;

/** Sends an organization invitation. Called by the invitations feature; the accept URL is theirs. */
export async function sendInvitationEmail(mailer: MailSender, to: string, orgName: string, acceptUrl: string): Promise<void> {
  await mailer.send({ to, ...invitationEmail(orgName, acceptUrl) });
}

/** The send functions bound to one mailer, e.g. `authEmails(deps.mailer).sendInvitationEmail(to, orgName, url)`. */
export function authEmails(mailer: MailSender) {
  return {
    sendConfirmationEmail: (to: string, link: string) => mailer.send({ to, ...confirmationEmail(link) }),
    sendRecoveryEmail: (to: string, link: string) => mailer.send({ to, ...recoveryEmail(link) }),
    sendMagicLinkEmail: (to: string, link: string) => mailer.send({ to, ...magicLinkEmail(link) }),
    sendEmailChangeEmail: (to: string, link: string) => mailer.send({ to, ...emailChangeEmail(link, to) }),
    sendInvitationEmail: (to: string, orgName: string, acceptUrl: string) => sendInvitationEmail(mailer, to, orgName, acceptUrl),
  };
}
