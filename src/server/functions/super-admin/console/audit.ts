import type { SqlClient } from '../../../db/database';
import type { ActiveSession } from '../store';

export type ConsoleAction =
  | 'organization.change_plan'
  | 'organization.extend_trial'
  | 'organization.suspend'
  | 'organization.reactivate'
  | 'organization.delete'
  | 'organization.decline_plan_request'
  | 'user.resend_confirmation'
  | 'user.send_password_reset'
  | 'user.sign_out_everywhere'
  | 'user.ban'
  | 'user.unban'
  | 'user.delete'
  | 'rule.change_default';

export interface AuditEntry {
  action: ConsoleAction;
  targetType: 'organization' | 'user' | 'rule';
  targetId: string;
  targetLabel?: string | null;
  reason: string;
  before?: unknown;
  after?: unknown;
}

/** One row per action, written by the caller inside the transaction that makes the change. */
export async function recordAction(client: SqlClient, admin: ActiveSession, entry: AuditEntry): Promise<void> {
  await client.query(
    `insert into public.super_admin_actions (actor_id, actor_email, action, target_type, target_id, target_label, reason, before, after)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      admin.userId,
      admin.email,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.targetLabel ?? null,
      entry.reason.trim(),
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}
