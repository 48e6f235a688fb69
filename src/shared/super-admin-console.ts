import { z } from 'zod';

/**
 * The super-admin console's wire types, declared once. The server serializes its answers with
 * these schemas (rows as node-postgres reads them: Date timestamps, bigint counts as text, extra
 * columns); the renderer infers its types from them with `import type`, so zod is not bundled
 * into the web build for them.
 */

/** A timestamp as JSON carries it: ISO 8601 text. node-postgres reads timestamptz as a Date. */
const timestamp = z.union([z.string(), z.date()]).transform((value) => (value instanceof Date ? value.toISOString() : value));
const optionalTimestamp = timestamp.nullable();
/** A count: node-postgres reads bigint as text; on the wire it is a number. */
const count = z.coerce.number().int();

export const PLAN_REQUEST_STATUSES = ['open', 'approved', 'declined'] as const;

/** One page of a sorted, searched list. */
export function pageSchema<Row extends z.ZodType>(row: Row) {
  return z.object({ total: count, page: count, pageSize: count, rows: z.array(row) });
}
export interface Page<Row> {
  total: number;
  page: number;
  pageSize: number;
  rows: Row[];
}

export const organizationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  plan: z.string(),
  subscription_status: z.string(),
  trial_ends_at: optionalTimestamp,
  suspended_at: optionalTimestamp,
  suspended_reason: z.string().nullable(),
  members: count,
  websites: count,
  requests_this_month: count,
  monthly_request_limit: count,
  created_at: timestamp,
});
export type OrganizationSummary = z.output<typeof organizationSummarySchema>;
export const organizationPageSchema = pageSchema(organizationSummarySchema);

export const userSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  created_at: timestamp,
  last_sign_in_at: optionalTimestamp,
  confirmed: z.boolean(),
  banned: z.boolean(),
  organizations: count,
});
export type UserSummary = z.output<typeof userSummarySchema>;
export const userPageSchema = pageSchema(userSummarySchema);

/** A row of the audit log; the per-target lists leave out the target columns. */
export const auditActionSchema = z.object({
  // bigint identity: text as node-postgres reads it, which is how it has always gone out.
  id: z.coerce.string(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string().optional(),
  target_id: z.string().optional(),
  target_label: z.string().nullable().optional(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: timestamp,
});
export type AuditAction = z.output<typeof auditActionSchema>;
export const auditPageSchema = pageSchema(auditActionSchema);

export const consoleRuleSchema = z.object({
  id: z.string(),
  title: z.string(),
  family: z.string(),
  tier: z.string(),
  defaultSeverity: z.string(),
  fired7d: count,
  websites7d: count,
  globalEnabled: z.boolean(),
  globalSeverity: z.string().nullable(),
  globalReason: z.string().nullable(),
});
export type ConsoleRule = z.output<typeof consoleRuleSchema>;
export const consoleRulesSchema = z.object({ rules: z.array(consoleRuleSchema) });

export const searchResultsSchema = z.object({
  users: z.array(z.object({ id: z.string(), email: z.string(), full_name: z.string().nullable() })),
  organizations: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string(), plan: z.string() })),
});
export type SearchResults = z.output<typeof searchResultsSchema>;

/** An owner's request for another plan (servers without Stripe), as the console lists it. */
export const planChangeRequestSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  organization_slug: z.string(),
  organization_plan: z.string(),
  requested_plan: z.string(),
  current_plan: z.string(),
  message: z.string().nullable(),
  status: z.enum(PLAN_REQUEST_STATUSES),
  requested_by_email: z.string().nullable(),
  decided_by_email: z.string().nullable(),
  decision_reason: z.string().nullable(),
  decided_at: optionalTimestamp,
  created_at: timestamp,
});
export type PlanChangeRequest = z.output<typeof planChangeRequestSchema>;
export const planChangeRequestListSchema = z.object({ rows: z.array(planChangeRequestSchema) });

/** The same request as its owner reads it (RLS: owners only): without the organization and the people. */
export const ownPlanChangeRequestSchema = planChangeRequestSchema.pick({
  id: true,
  organization_id: true,
  requested_plan: true,
  current_plan: true,
  status: true,
  decision_reason: true,
  decided_at: true,
  created_at: true,
});
export type OwnPlanChangeRequest = z.output<typeof ownPlanChangeRequestSchema>;

/** A request as approving or declining it returns it: the table's columns, without the organization's. */
export const decidedPlanChangeRequestSchema = planChangeRequestSchema.omit({ organization_name: true, organization_slug: true, organization_plan: true });
