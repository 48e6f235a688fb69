import type { SqlClient } from '../db/database';
import { recordWrite, refuseChange } from './caller';
import { ApiV1Error } from './errors';
import { CURSOR_SQL, type Cursor } from './pagination';

/** The organization-owned tables whose rows the API lists per website, updates and deletes the same way. */
type RuleTable = 'custom_rules' | 'alert_rules';

/** One page (limit + 1 rows, for toPage) of a table newest first, optionally of one website; RLS decides which rows. */
export async function listNewestFirst(client: SqlClient, table: RuleTable, columns: string, cursor: Cursor | null, websiteId: string | undefined, limit: number) {
  const { rows } = await client.query(
    `select ${columns}, ${CURSOR_SQL('created_at')} as cursor_at from public.${table}
     where ($1::timestamptz is null or (created_at, id) < ($1::timestamptz, $2::uuid)) and ($3::uuid is null or website_id = $3)
     order by created_at desc, id desc limit $4`,
    [cursor?.at ?? null, cursor?.id ?? null, websiteId ?? null, limit + 1],
  );
  return rows as Array<{ cursor_at: string; id: string } & Record<string, unknown>>;
}

/**
 * Updates the given columns of one row under RLS and audits it; 403 or 404 when RLS filtered it
 * out. Column names come from the caller's fixed list, never from the request.
 */
export async function updateRow(client: SqlClient, table: RuleTable, id: string, values: Record<string, unknown>, label: string, action: string): Promise<void> {
  const fields = Object.entries(values).filter(([, v]) => v !== undefined);
  if (fields.length === 0) throw new ApiV1Error(400, 'invalid_request', 'Send at least one field to change.');
  const { rows } = await client.query<{ organization_id: string }>(
    `update public.${table} set ${fields.map(([k], i) => `${k} = $${i + 2}`).join(', ')} where id = $1 returning organization_id`,
    [id, ...fields.map(([, v]) => v)],
  );
  if (!rows[0]) return refuseChange(client, table, id, label);
  await recordWrite(client, rows[0].organization_id, action, id);
}

/** Deletes one row under RLS and audits it; 403 or 404 when RLS filtered it out. */
export async function deleteRow(client: SqlClient, table: RuleTable, id: string, label: string, action: string): Promise<void> {
  const { rows } = await client.query<{ organization_id: string }>(`delete from public.${table} where id = $1 returning organization_id`, [id]);
  if (!rows[0]) return refuseChange(client, table, id, label);
  await recordWrite(client, rows[0].organization_id, action, id);
}
