import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { sql } from '../support/clients';
import { createTenant, type Tenant } from '../support/personas';
import { callFunction, superAdminWithMfa } from '../support/super-admin';

// Issue 23, defect 5: without Stripe an owner asks for a plan, a super admin approves or declines it.
const operatorDb = createDatabase(inject('databaseUrl'), 2);
afterAll(() => operatorDb.close());

let admin: { id: string; email: string; session: string };
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  admin = await superAdminWithMfa(operatorDb, 'plan-requests');
  // Starter: room for one persona per role (Free has one seat).
  a = await createTenant('planreq-a', 'starter');
  b = await createTenant('planreq-b', 'starter');
});

const ask = (t: Tenant, who: 'owner' | 'admin' | 'member' | 'viewer', plan: string, orgId = t.orgId) =>
  t[who].client.from('plan_change_requests').insert({ organization_id: orgId, requested_plan: plan, message: 'We need custom rules' }).select().single();

describe('plan change requests (RLS personas)', () => {
  it('admin, member and viewer may not ask; an owner of another organization may not ask for this one', async () => {
    for (const who of ['admin', 'member', 'viewer'] as const) {
      const res = await ask(a, who, 'pro');
      expect(res.error?.code, who).toBe('42501');
    }
    expect((await ask(b, 'owner', 'pro', a.orgId)).error?.code).toBe('42501');
    expect(await sql('select 1 from public.plan_change_requests where organization_id = $1', [a.orgId])).toHaveLength(0);
  });

  it('the owner asks once: the database sets requester, current plan and status; a second open request and a request for the current plan are refused', async () => {
    const forged = await a.owner.client
      .from('plan_change_requests')
      .insert({ organization_id: a.orgId, requested_plan: 'pro', status: 'approved' })
      .select()
      .single();
    expect(forged.error?.code).toBe('42501');
    const same = await ask(a, 'owner', 'starter');
    expect(same.error?.message).toBe('The organization is already on the starter plan');
    const res = await ask(a, 'owner', 'pro');
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ organization_id: a.orgId, requested_plan: 'pro', current_plan: 'starter', status: 'open', requested_by: a.owner.user.id, requested_by_email: a.owner.email });
    const again = await ask(a, 'owner', 'enterprise');
    expect(again.error?.message).toBe('This organization already has an open plan change request');
  });

  it('only owners of the organization read its requests', async () => {
    expect((await a.owner.client.from('plan_change_requests').select('id').eq('organization_id', a.orgId)).data).toHaveLength(1);
    for (const who of ['admin', 'member', 'viewer'] as const) {
      expect((await a[who].client.from('plan_change_requests').select('id')).data, who).toHaveLength(0);
    }
    expect((await b.owner.client.from('plan_change_requests').select('id').eq('organization_id', a.orgId)).data).toHaveLength(0);
    const update = await a.owner.client.from('plan_change_requests').update({ status: 'approved' }).eq('organization_id', a.orgId).select();
    expect(update.error?.code).toBe('42501');
  });
});

describe('the super-admin console decides requests', () => {
  it('lists open requests; a customer JWT cannot', async () => {
    const res = await callFunction('super-admin-console/plan-requests', { session: admin.session });
    expect(res.status).toBe(200);
    expect(res.json.rows).toEqual(expect.arrayContaining([expect.objectContaining({ organization_id: a.orgId, requested_plan: 'pro', status: 'open', requested_by_email: a.owner.email })]));
    expect((await callFunction('super-admin-console/plan-requests')).status).toBe(401);
    expect(await callFunction('super-admin-console/plan-requests?state=open', { session: admin.session })).toMatchObject({ status: 400, json: { error: expect.stringContaining('"state"') } });
  });

  it('approve applies the plan through change-plan, closes the request and audits it', async () => {
    const [open] = await sql<{ id: string }>("select id from public.plan_change_requests where organization_id = $1 and status = 'open'", [a.orgId]);
    expect((await callFunction(`super-admin-console/plan-requests/${open!.id}/approve`, { session: admin.session, body: {} })).status).toBe(400);
    const res = await callFunction(`super-admin-console/plan-requests/${open!.id}/approve`, { session: admin.session, body: { reason: 'Paid by invoice' } });
    expect(res).toMatchObject({ status: 200, json: { request: { status: 'approved', decided_by_email: admin.email, decision_reason: 'Paid by invoice' }, organization: { plan: 'pro' } } });
    expect((await sql('select plan from public.organizations where id = $1', [a.orgId]))[0]!.plan).toBe('pro');
    const audit = await sql<{ action: string; reason: string }>('select action, reason from public.super_admin_actions where target_id = $1 order by id', [a.orgId]);
    expect(audit).toEqual([{ action: 'organization.change_plan', reason: `Plan change request ${open!.id}: Paid by invoice` }]);
    expect(await callFunction(`super-admin-console/plan-requests/${open!.id}/decline`, { session: admin.session, body: { reason: 'too late' } })).toMatchObject({ status: 409, json: { error: 'The request was already approved' } });
    // The owner sees the outcome.
    const mine = await a.owner.client.from('plan_change_requests').select('status, decision_reason').eq('id', open!.id).single();
    expect(mine.data).toEqual({ status: 'approved', decision_reason: 'Paid by invoice' });
  });

  it('decline leaves the plan, tells the owner why, is audited, and a new request may follow', async () => {
    const asked = await ask(b, 'owner', 'enterprise');
    expect(asked.error).toBeNull();
    const id = asked.data!.id as string;
    const res = await callFunction(`super-admin-console/plan-requests/${id}/decline`, { session: admin.session, body: { reason: 'Enterprise is arranged by sales' } });
    expect(res).toMatchObject({ status: 200, json: { request: { status: 'declined' } } });
    expect((await sql('select plan from public.organizations where id = $1', [b.orgId]))[0]!.plan).toBe('starter');
    const audit = await sql<{ action: string; after: unknown }>('select action, after from public.super_admin_actions where target_id = $1', [b.orgId]);
    expect(audit).toEqual([{ action: 'organization.decline_plan_request', after: { request_id: id, status: 'declined' } }]);
    expect((await b.owner.client.from('plan_change_requests').select('status, decision_reason').eq('id', id).single()).data).toEqual({ status: 'declined', decision_reason: 'Enterprise is arranged by sales' });
    expect((await ask(b, 'owner', 'pro')).error).toBeNull();
    expect((await callFunction('super-admin-console/plan-requests/00000000-0000-0000-0000-000000000000/approve', { session: admin.session, body: { reason: 'none' } })).status).toBe(404);
  });
});
