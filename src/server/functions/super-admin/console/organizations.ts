import { z } from 'zod';
import type { Database, SqlClient } from '../../../db/database';
import { HttpError } from '../../../http/errors';
import type { ActiveSession } from '../store';
import { auditActionSchema, organizationPageSchema, organizationSummarySchema } from '../../../../shared/super-admin-console';
import { recordAction } from './audit';
import { parseInput, parseSortedList, reason } from './inputs';

const SORTS: Record<string, string> = {
  name: 'o.name',
  slug: 'o.slug',
  plan: 'o.plan',
  created: 'o.created_at',
  trial_end: 'o.trial_ends_at',
  requests: 'requests_this_month',
};

const ROW_SQL = `
  select o.id, o.name, o.slug, o.plan, o.subscription_status, o.trial_ends_at, o.suspended_at, o.suspended_reason, o.created_at,
         (select count(*)::int from public.user_organizations m where m.organization_id = o.id and m.status = 'active') as members,
         (select count(*)::int from public.websites w where w.organization_id = o.id) as websites,
         coalesce((select u.monthly_requests from public.organization_usage u
                    where u.organization_id = o.id and u.month = date_trunc('month', now() at time zone 'utc')::date), 0)::bigint as requests_this_month,
         l.monthly_requests as monthly_request_limit
    from public.organizations o
    join public.subscription_plan_limits l on l.plan = o.plan`;

/** A page of organizations, searched by name or slug (trigram indexes) and sorted in SQL. */
export async function listOrganizations(db: Database, query: Record<string, string>) {
  const list = parseSortedList(query, SORTS, 'o.name ilike $1 or o.slug ilike $1');
  return db.transaction(async (client) => {
    const total = Number((await client.query<{ n: string }>(`select count(*) as n from public.organizations o ${list.where}`, list.params)).rows[0]!.n);
    const rows = (await client.query(`${ROW_SQL} ${list.where} ${list.orderBy}, o.id ${list.limit}`, list.params)).rows;
    return organizationPageSchema.parse({ total, page: list.page, pageSize: list.pageSize, rows });
  });
}

/** One organization with its members, websites, usage, invoices and recent refusals. */
export async function organizationDetail(db: Database, id: string) {
  return db.transaction(async (client) => {
    const org = (await client.query(`${ROW_SQL} where o.id = $1`, [id])).rows[0];
    if (!org) throw new HttpError(404, `No organization ${id}`);
    const members = (
      await client.query(
        `select m.user_id, u.email, m.role, m.status, m.joined_at
           from public.user_organizations m join auth.users u on u.id = m.user_id
          where m.organization_id = $1 order by public.org_role_rank(m.role) desc, u.email`,
        [id],
      )
    ).rows;
    const websites = (
      await client.query(
        `select w.id, w.name, w.domain, w.is_active, w.verification_status, w.created_at,
                coalesce((select sum(r.count) from public.website_hourly_rollups r
                           where r.website_id = w.id and r.dimension = 'requests' and r.hour >= now() - interval '7 days'), 0)::bigint as hits_7d
           from public.websites w where w.organization_id = $1 order by w.created_at`,
        [id],
      )
    ).rows.map((w: Record<string, unknown>) => ({ ...w, hits_7d: Number(w.hits_7d) }));
    const invoices = (
      await client.query(`select * from public.billing_invoices where organization_id = $1 order by created_at desc limit 50`, [id])
    ).rows;
    const usageEvents = (
      await client.query(`select * from public.organization_usage_events where organization_id = $1 order by month desc limit 12`, [id])
    ).rows;
    const refusals = (
      await client.query(
        `select w.name as website, c.reason, sum(c.count)::bigint as hits
           from public.website_hit_counters c join public.websites w on w.id = c.website_id
          where c.organization_id = $1 and c.outcome = 'refused' and c.bucket >= now() - interval '7 days'
          group by 1, 2 order by hits desc limit 50`,
        [id],
      )
    ).rows.map((r: Record<string, unknown>) => ({ ...r, hits: Number(r.hits) }));
    const actions = (
      await client.query(
        `select id, actor_email, action, reason, before, after, created_at from public.super_admin_actions
          where target_type = 'organization' and target_id = $1 order by created_at desc limit 50`,
        [id],
      )
    ).rows;
    return { organization: organizationSummarySchema.parse(org), members, websites, invoices, usageEvents, refusals, actions: z.array(auditActionSchema).parse(actions) };
  });
}

const changePlanInput = z
  .object({ plan: z.enum(['free', 'starter', 'pro', 'enterprise']), reason })
  .strict();
const extendTrialInput = z.object({ days: z.number().int().min(1).max(90), reason }).strict();
const reasonInput = z.object({ reason }).strict();
const deleteInput = z.object({ confirm: z.string(), reason }).strict();

export interface OrgState {
  id: string;
  name: string;
  slug: string;
  plan: string;
  subscription_status: string;
  trial_ends_at: string | null;
  suspended_at: string | null;
  suspended_reason: string | null;
}

async function lockOrganization(client: SqlClient, id: string): Promise<OrgState> {
  const row = (
    await client.query<OrgState>(
      `select id, name, slug, plan, subscription_status, trial_ends_at, suspended_at, suspended_reason
         from public.organizations where id = $1 for update`,
      [id],
    )
  ).rows[0];
  if (!row) throw new HttpError(404, `No organization ${id}`);
  return row;
}

export async function changePlan(db: Database, admin: ActiveSession, id: string, body: unknown) {
  const input = parseInput(changePlanInput, body);
  return db.transaction((client) => applyPlanChange(client, admin, id, input.plan, input.reason));
}

/** The change-plan action inside the caller's transaction (also how an approved plan change request is applied). */
export async function applyPlanChange(client: SqlClient, admin: ActiveSession, id: string, plan: string, why: string) {
  const before = await lockOrganization(client, id);
  if (before.plan === plan) throw new HttpError(409, `The organization is already on the ${plan} plan`);
  // An operator's plan is a settled one: no trial clock runs on it.
  const after = (
    await client.query<OrgState>(
      `update public.organizations set plan = $2, subscription_status = 'active', trial_ends_at = null where id = $1
       returning id, name, slug, plan, subscription_status, trial_ends_at, suspended_at, suspended_reason`,
      [id, plan],
    )
  ).rows[0]!;
  await recordAction(client, admin, { action: 'organization.change_plan', targetType: 'organization', targetId: id, targetLabel: before.name, reason: why, before: pick(before), after: pick(after) });
  return { organization: after };
}

export async function extendTrial(db: Database, admin: ActiveSession, id: string, body: unknown) {
  const input = parseInput(extendTrialInput, body);
  return db.transaction(async (client) => {
    const before = await lockOrganization(client, id);
    if (before.plan === 'free') throw new HttpError(409, 'A free organization has no trial to extend; change its plan instead');
    // From the later of now and the current end: extending an expired trial starts from today.
    const after = (
      await client.query<OrgState>(
        `update public.organizations
            set trial_ends_at = greatest(coalesce(trial_ends_at, now()), now()) + make_interval(days => $2), subscription_status = 'trialing'
          where id = $1
         returning id, name, slug, plan, subscription_status, trial_ends_at, suspended_at, suspended_reason`,
        [id, input.days],
      )
    ).rows[0]!;
    await recordAction(client, admin, { action: 'organization.extend_trial', targetType: 'organization', targetId: id, targetLabel: before.name, reason: input.reason, before: pick(before), after: pick(after) });
    return { organization: after };
  });
}

export async function setSuspended(db: Database, admin: ActiveSession, id: string, body: unknown, suspend: boolean) {
  const input = parseInput(reasonInput, body);
  return db.transaction(async (client) => {
    const before = await lockOrganization(client, id);
    if (suspend === (before.suspended_at !== null)) throw new HttpError(409, suspend ? 'The organization is already suspended' : 'The organization is not suspended');
    const after = (
      await client.query<OrgState>(
        `update public.organizations set suspended_at = case when $2 then now() end, suspended_reason = case when $2 then $3 end where id = $1
         returning id, name, slug, plan, subscription_status, trial_ends_at, suspended_at, suspended_reason`,
        [id, suspend, input.reason],
      )
    ).rows[0]!;
    await recordAction(client, admin, { action: suspend ? 'organization.suspend' : 'organization.reactivate', targetType: 'organization', targetId: id, targetLabel: before.name, reason: input.reason, before: pick(before), after: pick(after) });
    return { organization: after };
  });
}

/** Deletes an organization and, through its foreign keys and the collector's cleanup, everything it owns. */
export async function deleteOrganization(db: Database, admin: ActiveSession, id: string, body: unknown) {
  const input = parseInput(deleteInput, body);
  return db.transaction(async (client) => {
    const before = await lockOrganization(client, id);
    if (input.confirm !== before.slug) throw new HttpError(400, `confirm: type the organization's slug "${before.slug}" to delete it`);
    await client.query('delete from public.organizations where id = $1', [id]);
    await recordAction(client, admin, { action: 'organization.delete', targetType: 'organization', targetId: id, targetLabel: before.name, reason: input.reason, before: pick(before), after: null });
    return { deleted: id };
  });
}

function pick(o: OrgState) {
  return { plan: o.plan, subscription_status: o.subscription_status, trial_ends_at: o.trial_ends_at, suspended_at: o.suspended_at, suspended_reason: o.suspended_reason };
}
