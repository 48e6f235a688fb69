import type { Database } from '../db/database';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { emailLayout } from '../mail/layout';
import { planName } from '../../shared/plans';

export type NoticeKind = 'trial_ending' | 'trial_ended' | 'payment_failed';

export interface NoticeDeps {
  db: Pick<Database, 'pool'>;
  mailer: Mailer;
  log: Logger;
  publicUrl: () => string;
}

interface Organization {
  id: string;
  name: string;
  plan: string;
  trial_ends_at: Date | null;
}


function day(d: Date): string {
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
}

function message(kind: NoticeKind, org: Organization, billingUrl: string, detail: { amountDue?: number; currency?: string; invoiceUrl?: string | null }) {
  const plan = planName(org.plan);
  switch (kind) {
    case 'trial_ending':
      return {
        subject: `Your Tracklint ${plan} trial ends on ${day(org.trial_ends_at ?? new Date())}`,
        lines: [
          `The ${plan} trial of ${org.name} ends on ${day(org.trial_ends_at ?? new Date())}.`,
          `Subscribe to keep advanced rules, your websites and your team. Without a subscription the organization moves to the Free plan's features and limits; nothing is deleted.`,
        ],
        link: billingUrl,
        linkText: `Choose a plan`,
      };
    case 'trial_ended':
      return {
        subject: `Your Tracklint ${plan} trial has ended`,
        lines: [
          `The ${plan} trial of ${org.name} has ended, so the organization now has the Free plan's features and limits.`,
          `Nothing was deleted: websites and members past the Free plan's limits are read-only until you subscribe.`,
        ],
        link: billingUrl,
        linkText: `Subscribe to ${plan}`,
      };
    case 'payment_failed':
      return {
        subject: `Payment failed for ${org.name}'s Tracklint subscription`,
        lines: [
          `We could not collect ${detail.amountDue !== undefined && detail.currency ? money(detail.amountDue, detail.currency) : 'the payment'} for ${org.name}'s ${plan} subscription.`,
          `The plan stays active for 7 days while Stripe retries. Update the payment method to keep it.`,
        ],
        link: detail.invoiceUrl ?? billingUrl,
        linkText: detail.invoiceUrl ? 'Pay the invoice' : 'Update the payment method',
      };
  }
}

/**
 * Sends one billing email of a kind per reference (a trial's end, an invoice) to the
 * organization's owners. The row in billing_notifications is the once-only guard across processes;
 * if sending fails it is removed so the next run tries again.
 */
export async function sendBillingNotice(
  deps: NoticeDeps,
  organizationId: string,
  kind: NoticeKind,
  reference: string,
  detail: { amountDue?: number; currency?: string; invoiceUrl?: string | null } = {},
): Promise<boolean> {
  const claimed = await deps.db.pool.query(
    `insert into public.billing_notifications (organization_id, kind, reference) values ($1, $2, $3) on conflict do nothing returning organization_id`,
    [organizationId, kind, reference],
  );
  if (claimed.rowCount === 0) return false;
  try {
    const { rows: orgs } = await deps.db.pool.query<Organization>('select id, name, plan, trial_ends_at from public.organizations where id = $1', [organizationId]);
    const org = orgs[0];
    if (!org) return false;
    const { rows: owners } = await deps.db.pool.query<{ email: string }>(
      `select u.email from public.user_organizations m join auth.users u on u.id = m.user_id
        where m.organization_id = $1 and m.role = 'owner' and m.status = 'active' and u.email is not null`,
      [organizationId],
    );
    const billingUrl = `${deps.publicUrl()}/app/billing`;
    const m = message(kind, org, billingUrl, detail);
    const body = emailLayout({
      heading: m.subject,
      intro: m.lines.join(' '),
      action: m.linkText,
      link: m.link,
      footnote: `You receive this because you own ${org.name} on Tracklint.`,
    });
    for (const { email } of owners) await deps.mailer.send({ to: email, subject: m.subject, ...body });
    return true;
  } catch (err) {
    await deps.db.pool.query('delete from public.billing_notifications where organization_id = $1 and kind = $2 and reference = $3', [organizationId, kind, reference]);
    deps.log.warn({ organizationId, kind, error: err instanceof Error ? err.message : String(err) }, 'billing email failed');
    return false;
  }
}

/** Trial emails: 3 days before a trial without a subscription ends, and once it has ended (looking back 30 days). */
export async function sendTrialReminders(deps: NoticeDeps): Promise<{ trialEnding: number; trialEnded: number }> {
  const { rows } = await deps.db.pool.query<{ id: string; trial_ends_at: Date; state: string }>(
    `select o.id, o.trial_ends_at, tracklint_private.billing_state(o) as state
       from public.organizations o
      where o.plan <> 'free' and o.trial_ends_at is not null and o.stripe_subscription_id is null
        and o.trial_ends_at between now() - interval '30 days' and now() + interval '3 days'
        and o.suspended_at is null`,
  );
  let trialEnding = 0;
  let trialEnded = 0;
  for (const row of rows) {
    const reference = row.trial_ends_at.toISOString();
    if (row.state === 'trialing' && (await sendBillingNotice(deps, row.id, 'trial_ending', reference))) trialEnding++;
    if (row.state === 'trial_ended' && (await sendBillingNotice(deps, row.id, 'trial_ended', reference))) trialEnded++;
  }
  return { trialEnding, trialEnded };
}
