import { z } from 'zod';
import { requestPasswordRecovery, resendEmailLink } from '../../../auth/email-links';
import type { AppDeps } from '../../../deps';
import type { Database, SqlClient } from '../../../db/database';
import { HttpError } from '../../../http/errors';
import type { ActiveSession } from '../store';
import { auditActionSchema, userPageSchema } from '../../../../shared/super-admin-console';
import { recordAction, type ConsoleAction } from './audit';
import { parseInput, parseSortedList, reason } from './inputs';

const SORTS: Record<string, string> = { email: 'u.email', created: 'u.created_at', last_sign_in: 'u.last_sign_in_at' };

/** A page of users, searched by email or name. */
export async function listUsers(db: Database, query: Record<string, string>) {
  const list = parseSortedList(query, SORTS, 'u.email ilike $1 or p.full_name ilike $1');
  return db.transaction(async (client) => {
    const from = 'from auth.users u left join public.user_profiles p on p.id = u.id';
    const total = Number((await client.query<{ n: string }>(`select count(*) as n ${from} ${list.where}`, list.params)).rows[0]!.n);
    const rows = (
      await client.query(
        `select u.id, u.email, p.full_name, u.created_at, u.last_sign_in_at, u.email_confirmed_at is not null as confirmed,
                u.banned_until is not null and u.banned_until > now() as banned,
                (select count(*)::int from public.user_organizations m where m.user_id = u.id and m.status = 'active') as organizations
           ${from} ${list.where} ${list.orderBy}, u.id ${list.limit}`,
        list.params,
      )
    ).rows;
    return userPageSchema.parse({ total, page: list.page, pageSize: list.pageSize, rows });
  });
}

interface UserState {
  id: string;
  email: string;
  banned_until: string | null;
  email_confirmed_at: string | null;
}

async function lockUser(client: SqlClient, id: string): Promise<UserState> {
  const row = (await client.query<UserState>('select id, email, banned_until, email_confirmed_at from auth.users where id = $1 for update', [id])).rows[0];
  if (!row) throw new HttpError(404, `No user ${id}`);
  return row;
}

export async function userDetail(db: Database, id: string) {
  return db.transaction(async (client) => {
    const user = (
      await client.query(
        `select u.id, u.email, p.full_name, u.created_at, u.last_sign_in_at, u.email_confirmed_at, u.banned_until,
                exists (select 1 from public.super_admins s where s.user_id = u.id) as super_admin
           from auth.users u left join public.user_profiles p on p.id = u.id where u.id = $1`,
        [id],
      )
    ).rows[0];
    if (!user) throw new HttpError(404, `No user ${id}`);
    const organizations = (
      await client.query(
        `select o.id, o.name, o.slug, o.plan, m.role, m.status from public.user_organizations m
           join public.organizations o on o.id = m.organization_id where m.user_id = $1 order by o.name`,
        [id],
      )
    ).rows;
    const sessions = (
      await client.query(
        `select s.id, s.created_at, s.updated_at, s.not_after from auth.sessions s
          where s.user_id = $1 and (s.not_after is null or s.not_after > now()) order by s.updated_at desc limit 50`,
        [id],
      )
    ).rows;
    const actions = (
      await client.query(
        `select id, actor_email, action, reason, before, after, created_at from public.super_admin_actions
          where target_type = 'user' and target_id = $1 order by created_at desc limit 50`,
        [id],
      )
    ).rows;
    return { user, organizations, sessions, actions: z.array(auditActionSchema).parse(actions) };
  });
}

const reasonInput = z.object({ reason, confirm: z.string().optional() }).strict();

export type UserAction = 'resend-confirmation' | 'password-reset' | 'sign-out' | 'ban' | 'unban' | 'delete';

const AUDIT_NAMES: Record<UserAction, ConsoleAction> = {
  'resend-confirmation': 'user.resend_confirmation',
  'password-reset': 'user.send_password_reset',
  'sign-out': 'user.sign_out_everywhere',
  ban: 'user.ban',
  unban: 'user.unban',
  delete: 'user.delete',
};

/**
 * Before an account is deleted: the organizations it alone belongs to go with it (nobody else
 * could ever reach them); an organization where it is the last owner beside other members is a
 * 409 that names it, so the operator transfers ownership first instead of leaving it ownerless.
 */
async function deleteSoleOrganizations(client: SqlClient, userId: string): Promise<string[]> {
  const owned = await client.query<{ id: string; name: string; others: number; other_owners: number }>(
    `select o.id, o.name,
            (select count(*)::int from public.user_organizations m where m.organization_id = o.id and m.user_id <> $1) as others,
            (select count(*)::int from public.user_organizations m where m.organization_id = o.id and m.user_id <> $1
                and m.role = 'owner' and m.status = 'active') as other_owners
       from public.organizations o
      where exists (select 1 from public.user_organizations m where m.organization_id = o.id and m.user_id = $1 and m.role = 'owner')
      order by o.name`,
    [userId],
  );
  const stranded = owned.rows.filter((o) => o.others > 0 && o.other_owners === 0);
  if (stranded.length > 0) {
    throw new HttpError(409, `The user is the last owner of ${stranded.map((o) => `"${o.name}"`).join(', ')}: make another member owner first`);
  }
  const alone = owned.rows.filter((o) => o.others === 0).map((o) => o.id);
  if (alone.length > 0) await client.query('delete from public.organizations where id = any($1::uuid[])', [alone]);
  return alone;
}

/**
 * One action on one account. Signing out and banning delete the account's sessions in the same
 * transaction, so every refresh token dies with them and the data API's session check refuses
 * the access tokens still in flight.
 */
export async function actOnUser(deps: AppDeps, admin: ActiveSession, id: string, action: UserAction, body: unknown) {
  const input = parseInput(reasonInput, body);
  if (id === admin.userId && (action === 'ban' || action === 'delete')) throw new HttpError(409, 'You cannot ban or delete your own account');
  const user = await deps.db.transaction(async (client) => {
    const before = await lockUser(client, id);
    let after: Partial<UserState> | { deleted_organizations: string[] } | null = { banned_until: before.banned_until };
    switch (action) {
      case 'sign-out':
        await client.query('delete from auth.sessions where user_id = $1', [id]);
        await client.query('update public.super_admin_sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [id]);
        break;
      case 'ban':
        if (before.banned_until && new Date(before.banned_until) > new Date()) throw new HttpError(409, 'The user is already banned');
        after = (await client.query<UserState>(`update auth.users set banned_until = 'infinity' where id = $1 returning banned_until`, [id])).rows[0]!;
        await client.query('delete from auth.sessions where user_id = $1', [id]);
        await client.query('update public.super_admin_sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [id]);
        break;
      case 'unban':
        if (!before.banned_until) throw new HttpError(409, 'The user is not banned');
        after = (await client.query<UserState>('update auth.users set banned_until = null where id = $1 returning banned_until', [id])).rows[0]!;
        break;
      case 'delete':
        if (input.confirm !== before.email) throw new HttpError(400, `confirm: type the account's email "${before.email}" to delete it`);
        after = { deleted_organizations: await deleteSoleOrganizations(client, id) };
        await client.query('delete from auth.users where id = $1', [id]);
        break;
      case 'resend-confirmation':
        if (before.email_confirmed_at) throw new HttpError(409, 'The email address is already confirmed');
        break;
      case 'password-reset':
        break;
    }
    await recordAction(client, admin, { action: AUDIT_NAMES[action], targetType: 'user', targetId: id, targetLabel: before.email, reason: input.reason, before: { banned_until: before.banned_until }, after });
    return before;
  });
  // Mail goes out after the audited transaction: the auth module's own flows (one-time token, rate of one a minute).
  if (action === 'password-reset') await requestPasswordRecovery(deps, { email: user.email }, undefined);
  if (action === 'resend-confirmation') await resendEmailLink(deps, { type: 'signup', email: user.email }, undefined);
  return { ok: true };
}
