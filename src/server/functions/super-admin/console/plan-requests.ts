import { z } from 'zod';
import type { Database, SqlClient } from '../../../db/database';
import { HttpError } from '../../../http/errors';
import type { ActiveSession } from '../store';
import { decidedPlanChangeRequestSchema, PLAN_REQUEST_STATUSES, planChangeRequestListSchema } from '../../../../shared/super-admin-console';
import { recordAction } from './audit';
import { applyPlanChange } from './organizations';
import { parseInput, reason } from './inputs';

const listInput = z.object({ status: z.enum([...PLAN_REQUEST_STATUSES, 'all']).default('open') }).strict();
const decisionInput = z.object({ reason }).strict();

const ROW_SQL = `
  select r.id, r.organization_id, o.name as organization_name, o.slug as organization_slug, o.plan as organization_plan,
         r.requested_plan, r.current_plan, r.message, r.status, r.requested_by_email, r.decided_by_email,
         r.decision_reason, r.decided_at, r.created_at
    from public.plan_change_requests r join public.organizations o on o.id = r.organization_id`;

/** Plan-change requests, oldest open first (the queue), or the latest decided ones. */
export async function listPlanRequests(db: Database, query: Record<string, string>) {
  const q = parseInput(listInput, query);
  const where = q.status === 'all' ? '' : 'where r.status = $1';
  const order = q.status === 'open' ? 'r.created_at asc' : 'r.created_at desc';
  const params = q.status === 'all' ? [] : [q.status];
  return db.transaction(async (client) =>
    planChangeRequestListSchema.parse({ rows: (await client.query(`${ROW_SQL} ${where} order by ${order} limit 200`, params)).rows }),
  );
}

async function lockOpenRequest(client: SqlClient, id: string) {
  const row = (
    await client.query<{ id: string; organization_id: string; requested_plan: string; status: string }>(
      'select id, organization_id, requested_plan, status from public.plan_change_requests where id = $1 for update',
      [id],
    )
  ).rows[0];
  if (!row) throw new HttpError(404, `No plan change request ${id}`);
  if (row.status !== 'open') throw new HttpError(409, `The request was already ${row.status}`);
  return row;
}

async function closeRequest(client: SqlClient, admin: ActiveSession, id: string, status: 'approved' | 'declined', why: string) {
  const { rows } = await client.query(
    `update public.plan_change_requests set status = $2, decided_by_email = $3, decision_reason = $4, decided_at = now() where id = $1
     returning id, organization_id, requested_plan, current_plan, message, status, requested_by_email, decided_by_email, decision_reason, decided_at, created_at`,
    [id, status, admin.email, why.trim()],
  );
  return decidedPlanChangeRequestSchema.parse(rows[0]);
}

/** Applies the requested plan through the console's change-plan action (audited there) and closes the request, in one transaction. */
export async function approvePlanRequest(db: Database, admin: ActiveSession, id: string, body: unknown) {
  const input = parseInput(decisionInput, body);
  return db.transaction(async (client) => {
    const request = await lockOpenRequest(client, id);
    const { organization } = await applyPlanChange(client, admin, request.organization_id, request.requested_plan, `Plan change request ${id}: ${input.reason}`);
    return { request: await closeRequest(client, admin, id, 'approved', input.reason), organization };
  });
}

/** Declines the request with a reason the owner sees; audited as organization.decline_plan_request. */
export async function declinePlanRequest(db: Database, admin: ActiveSession, id: string, body: unknown) {
  const input = parseInput(decisionInput, body);
  return db.transaction(async (client) => {
    const request = await lockOpenRequest(client, id);
    const closed = await closeRequest(client, admin, id, 'declined', input.reason);
    const label = (await client.query<{ name: string }>('select name from public.organizations where id = $1', [request.organization_id])).rows[0]?.name ?? null;
    await recordAction(client, admin, {
      action: 'organization.decline_plan_request',
      targetType: 'organization',
      targetId: request.organization_id,
      targetLabel: label,
      reason: input.reason,
      before: { request_id: id, status: 'open', requested_plan: request.requested_plan },
      after: { request_id: id, status: 'declined' },
    });
    return { request: closed };
  });
}
