import { describe, expect, it } from 'vitest';
import {
  auditPageSchema,
  decidedPlanChangeRequestSchema,
  organizationPageSchema,
  ownPlanChangeRequestSchema,
  planChangeRequestListSchema,
  userPageSchema,
} from '../../../src/shared/super-admin-console';

// Rows as node-postgres hands them to the server: timestamptz as Date, bigint as text, and the
// columns of `select *` the wire does not carry.
const created = new Date('2026-11-20T08:30:00.000Z');

const organizationRow = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Acme',
  slug: 'acme',
  plan: 'starter',
  subscription_status: 'active',
  trial_ends_at: null,
  suspended_at: new Date('2026-11-21T00:00:00.000Z'),
  suspended_reason: 'Unpaid',
  members: 3,
  websites: 2,
  requests_this_month: '12345',
  monthly_request_limit: '100000',
  created_at: created,
};

const planRequestRow = {
  id: '00000000-0000-4000-8000-000000000002',
  organization_id: organizationRow.id,
  organization_name: 'Acme',
  organization_slug: 'acme',
  organization_plan: 'free',
  requested_plan: 'pro',
  current_plan: 'free',
  message: null,
  status: 'open',
  requested_by_email: 'owner@example.com',
  decided_by_email: null,
  decision_reason: null,
  decided_at: null,
  created_at: created,
};

/** What the renderer receives: the server's serialization, through JSON. */
const overTheWire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('the console wire types serialize what the server reads and parse what the renderer gets', () => {
  it('an organization page: Dates become ISO text, bigint text becomes numbers, and the result survives JSON unchanged', () => {
    const served = organizationPageSchema.parse({ total: '1', page: 1, pageSize: 50, rows: [organizationRow] });
    expect(served.total).toBe(1);
    expect(served.rows[0]).toMatchObject({ requests_this_month: 12345, monthly_request_limit: 100000, created_at: '2026-11-20T08:30:00.000Z', suspended_at: '2026-11-21T00:00:00.000Z' });
    const received = overTheWire(served);
    expect(received).toEqual(served);
    expect(organizationPageSchema.parse(received)).toEqual(served);
  });

  it('a user page keeps booleans and counts, and a missing column is refused rather than sent', () => {
    const user = { id: 'u1', email: 'a@example.com', full_name: null, created_at: created, last_sign_in_at: null, confirmed: true, banned: false, organizations: 2 };
    expect(userPageSchema.parse(overTheWire(userPageSchema.parse({ total: 1, page: 1, pageSize: 50, rows: [user] }))).rows[0]).toMatchObject({ confirmed: true, organizations: 2 });
    const { confirmed: _confirmed, ...withoutConfirmed } = user;
    expect(() => userPageSchema.parse({ total: 1, page: 1, pageSize: 50, rows: [withoutConfirmed] })).toThrow(/confirmed/);
  });

  it('an audit row drops the columns the console does not show (actor_id) and keeps its bigint id as text', () => {
    const row = { id: '42', actor_id: 'secret-uuid', actor_email: 'ops@example.com', action: 'user.ban', target_type: 'user', target_id: 'u1', target_label: null, reason: 'Abuse', before: { banned: false }, after: { banned: true }, created_at: created };
    const served = auditPageSchema.parse({ total: 1, page: 1, pageSize: 50, rows: [row] });
    expect(served.rows[0]).not.toHaveProperty('actor_id');
    expect(served.rows[0]).toMatchObject({ id: '42', before: { banned: false }, after: { banned: true } });
    expect(overTheWire(served)).toEqual(served);
  });

  it('plan change requests: one schema for the console list, the decision answer and the owner view; an unknown status is refused', () => {
    const list = planChangeRequestListSchema.parse({ rows: [planRequestRow] });
    expect(list.rows[0]!.created_at).toBe('2026-11-20T08:30:00.000Z');
    const { organization_name: _n, organization_slug: _s, organization_plan: _p, ...tableRow } = planRequestRow;
    expect(decidedPlanChangeRequestSchema.parse({ ...tableRow, status: 'approved', decided_at: created })).toMatchObject({ status: 'approved', decided_at: '2026-11-20T08:30:00.000Z' });
    expect(Object.keys(ownPlanChangeRequestSchema.parse(overTheWire(list.rows[0])))).toEqual(['id', 'organization_id', 'requested_plan', 'current_plan', 'status', 'decision_reason', 'decided_at', 'created_at']);
    expect(() => planChangeRequestListSchema.parse({ rows: [{ ...planRequestRow, status: 'pending' }] })).toThrow(/status/);
  });
});
