import { Hono, type Context } from 'hono';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import { HttpError, readJson } from '../http/errors';
import { callerQuery, requireUser, type ApiEnv } from '../api-auth/authenticate';
import { sendThroughChannel } from './deliver';
import { testMessage } from './message';
import { isPrivateHost } from '../http/private-address';
import { createChannelSecrets, urlHint } from './secrets';

export { isPrivateHost };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KINDS = ['email', 'slack', 'webhook'] as const;
type ChannelKind = (typeof KINDS)[number];

interface ChannelRow {
  id: string;
  organization_id: string;
  name: string;
  kind: ChannelKind;
  email_recipients: string[];
  email_members: boolean;
  daily_digest: boolean;
  target_hint: string | null;
  secret_version: number;
  enabled: boolean;
  is_default: boolean;
  created_at: Date;
  updated_at: Date;
}

const CHANNEL_COLUMNS = 'id, organization_id, name, kind, email_recipients, email_members, daily_digest, target_hint, secret_version, enabled, is_default, created_at, updated_at';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A receiver URL: https, or http too outside production (local receivers while developing). */
function checkUrl(value: unknown, production: boolean): string {
  if (typeof value !== 'string' || value.length > 2000) throw new HttpError(400, 'url must be the receiver\'s URL (up to 2000 characters)');
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new HttpError(400, 'url must be an absolute URL such as https://hooks.slack.com/services/…');
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && !production)) throw new HttpError(400, 'url must start with https://');
  if (u.username || u.password) throw new HttpError(400, 'url must not contain a user name or password');
  // In production a channel must not aim the server at itself or its private network.
  if (production && isPrivateHost(u.hostname)) throw new HttpError(400, 'url must be a public address');
  return u.toString();
}

function checkRecipients(value: unknown): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw new HttpError(400, 'email_recipients must be a list of email addresses');
  return [...new Set((value as string[]).map((v) => v.trim().toLowerCase()).filter(Boolean))];
}

/** Asks Postgres (under the caller's claims) whether the caller may manage the organization's alerts. 404 for outsiders. */
async function requireAdmin(client: SqlClient, orgId: string) {
  const { rows } = await client.query<{ member: boolean; admin: boolean }>(`select public.has_org_role($1, 'viewer') as member, public.has_org_role($1, 'admin') as admin`, [orgId]);
  if (!rows[0]?.member) throw new HttpError(404, 'Organization not found');
  if (!rows[0].admin) throw new HttpError(403, 'Only owners and admins can manage alert channels');
}

async function loadChannel(client: SqlClient, id: string): Promise<ChannelRow> {
  const { rows } = await client.query<ChannelRow>(`select ${CHANNEL_COLUMNS} from public.alert_channels where id = $1`, [id]);
  if (!rows[0]) throw new HttpError(404, 'Channel not found');
  return rows[0];
}

/**
 * /api/alerts: what the data API cannot do for channels. URLs are encrypted by the server before
 * they are stored, webhook signing secrets are shown once (on creation and rotation), and a test
 * is sent synchronously so the answer shows at once. Everything runs under the caller's claims.
 */
/** "Send test" sends a real request to an address the tenant chose: at most this many per organization and minute. */
export const TEST_SENDS_PER_MINUTE = 5;

/** What the alert routes share: the caller's queries, the channel secrets, the plan gate and the test-send limit. */
interface AlertKit {
  deps: AppDeps;
  secrets: ReturnType<typeof createChannelSecrets>;
  asCaller: ReturnType<typeof callerQuery>;
  /** Slack and webhook channels need the custom_alerts feature; email channels do not. */
  featureGate(client: SqlClient, orgId: string, kind: ChannelKind): Promise<void>;
  /** Stores a channel's URL encrypted, with a hint that shows which one it is. */
  storeTarget(client: SqlClient, channelId: string, url: string): Promise<unknown>;
  testSends: RateLimiterPostgres;
}

function createAlertKit(deps: AppDeps): AlertKit {
  const secrets = createChannelSecrets(deps.config.jwtSecret);
  return {
    deps,
    secrets,
    asCaller: callerQuery(deps),
    async featureGate(client, orgId, kind) {
      if (kind === 'email') return;
      const { rows } = await client.query<{ ok: boolean }>(`select public.organization_has_feature($1, 'custom_alerts') as ok`, [orgId]);
      if (!rows[0]?.ok) throw new HttpError(403, 'Slack and webhook channels need the Starter plan or higher.');
    },
    storeTarget: (client, channelId, url) => client.query('select public.set_alert_channel_target($1, $2, $3)', [channelId, secrets.encryptUrl(url), urlHint(url)]),
    // In Postgres (the auth limits' table), so the limit holds across server processes.
    testSends: new RateLimiterPostgres({
      storeClient: deps.db.pool,
      schemaName: 'auth',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'alert_test_send',
      points: TEST_SENDS_PER_MINUTE,
      duration: 60,
    }),
  };
}

/** POST /channels: creates a channel; a webhook's signing secret is in this answer only. */
function createChannel(kit: AlertKit) {
  return async (c: Context<ApiEnv>) => {

    const body = await readJson(c);
    if (!isObject(body)) throw new HttpError(400, 'Send a JSON object');
    const orgId = typeof body.organization_id === 'string' && UUID.test(body.organization_id) ? body.organization_id : null;
    if (!orgId) throw new HttpError(400, 'organization_id must be a UUID');
    const kind = KINDS.find((k) => k === body.kind);
    if (!kind) throw new HttpError(400, 'kind must be email, slack or webhook');
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (name.length < 1 || name.length > 100) throw new HttpError(400, 'name must be 1 to 100 characters');
    const url = kind === 'email' ? null : checkUrl(body.url, kit.deps.config.production);
    const recipients = kind === 'email' && body.email_recipients !== undefined ? checkRecipients(body.email_recipients) : [];
    const members = kind === 'email' ? body.email_members !== false : false;
    const digest = kind === 'email' && body.daily_digest === true;
    if (kind === 'email' && !members && recipients.length === 0) throw new HttpError(400, 'An email channel needs recipients, or to send to owners and admins');
    const channel = await kit.asCaller(c, async (client) => {
      await requireAdmin(client, orgId);
      await kit.featureGate(client, orgId, kind);
      const { rows } = await client.query<{ id: string }>(
        'insert into public.alert_channels (organization_id, name, kind, email_recipients, email_members, daily_digest, enabled) values ($1, $2, $3, $4, $5, $6, $7) returning id',
        [orgId, name, kind, recipients, members, digest, body.enabled !== false],
      );
      const id = rows[0]!.id;
      if (url) await kit.storeTarget(client, id, url);
      return loadChannel(client, id);
    });
    // The signing secret is derived, never stored: this answer is the one place it is shown.
    return c.json({ channel, ...(kind === 'webhook' ? { signing_secret: kit.secrets.signingSecret(channel.id, channel.secret_version) } : {}) }, 201);
  
  };
}

/** PATCH /channels/:id: changes the listed fields, a URL (stored encrypted) or rotates the signing secret. */
function updateChannel(kit: AlertKit) {
  return async (c: Context<ApiEnv, '/channels/:id'>) => {

    const id = c.req.param('id');
    if (!UUID.test(id)) throw new HttpError(400, 'Channel id must be a UUID');
    const body = await readJson(c);
    if (!isObject(body)) throw new HttpError(400, 'Send a JSON object of the fields to change');
    const allowed = ['name', 'email_recipients', 'email_members', 'daily_digest', 'enabled', 'url', 'rotate_secret'];
    const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
    if (unknown.length) throw new HttpError(400, `These fields cannot be changed here: ${unknown.join(', ')}`);
    const result = await kit.asCaller(c, async (client) => {
      const before = await loadChannel(client, id);
      await requireAdmin(client, before.organization_id);
      const sets: string[] = [];
      const values: unknown[] = [id];
      const set = (column: string, value: unknown) => {
        values.push(value);
        sets.push(`${column} = $${values.length}`);
      };
      if (body.name !== undefined) {
        if (typeof body.name !== 'string' || body.name.trim().length < 1 || body.name.trim().length > 100) throw new HttpError(400, 'name must be 1 to 100 characters');
        set('name', body.name.trim());
      }
      if (body.enabled !== undefined) {
        if (typeof body.enabled !== 'boolean') throw new HttpError(400, 'enabled must be true or false');
        set('enabled', body.enabled);
      }
      if (body.email_recipients !== undefined) set('email_recipients', checkRecipients(body.email_recipients));
      if (body.email_members !== undefined) {
        if (typeof body.email_members !== 'boolean') throw new HttpError(400, 'email_members must be true or false');
        set('email_members', body.email_members);
      }
      if (body.daily_digest !== undefined) {
        if (typeof body.daily_digest !== 'boolean') throw new HttpError(400, 'daily_digest must be true or false');
        set('daily_digest', body.daily_digest);
      }
      if (sets.length) await client.query(`update public.alert_channels set ${sets.join(', ')} where id = $1`, values);
      if (body.url !== undefined) {
        if (before.kind === 'email') throw new HttpError(400, 'Email channels have no URL');
        await kit.featureGate(client, before.organization_id, before.kind);
        await kit.storeTarget(client, id, checkUrl(body.url, kit.deps.config.production));
      }
      let rotated = false;
      if (body.rotate_secret === true) {
        if (before.kind !== 'webhook') throw new HttpError(400, 'Only webhook channels have a signing secret');
        await client.query('select public.rotate_alert_channel_secret($1)', [id]);
        rotated = true;
      }
      return { channel: await loadChannel(client, id), rotated };
    });
    return c.json({ channel: result.channel, ...(result.rotated ? { signing_secret: kit.secrets.signingSecret(id, result.channel.secret_version) } : {}) });
  
  };
}

/** POST /channels/:id/test: sends a test through the channel now, within the per-organization limit, and logs it like any delivery. */
function testChannel(kit: AlertKit) {
  return async (c: Context<ApiEnv, '/channels/:id'>) => {

    const id = c.req.param('id');
    if (!UUID.test(id)) throw new HttpError(400, 'Channel id must be a UUID');
    const channel = await kit.asCaller(c, async (client) => {
      const ch = await loadChannel(client, id);
      await requireAdmin(client, ch.organization_id);
      await kit.featureGate(client, ch.organization_id, ch.kind);
      return ch;
    });
    try {
      await kit.testSends.consume(channel.organization_id);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      c.header('retry-after', String(seconds));
      return c.json({ error: `Too many test sends: at most ${TEST_SENDS_PER_MINUTE} a minute per organization. Try again in ${seconds} s.` }, 429);
    }
    // The URL is readable only by the server: the send runs on its own connection, and is logged like any delivery.
    const outcome = await kit.deps.db.transaction(async (client) => {
      const org = (await client.query<{ name: string }>('select name from public.organizations where id = $1', [channel.organization_id])).rows[0];
      const target = (await client.query<{ url_encrypted: string }>('select url_encrypted from public.alert_channel_targets where channel_id = $1', [id])).rows[0];
      const { rows } = await client.query<{ id: string }>(
        `insert into public.alert_deliveries (organization_id, channel_id, event, max_attempts, queued_at) values ($1, $2, 'test', 1, now()) returning id`,
        [channel.organization_id, id],
      );
      const deliveryId = rows[0]!.id;
      const now = new Date();
      const result = await sendThroughChannel(
        client,
        { mailer: kit.deps.mailer, secrets: kit.secrets, refusePrivateAddresses: kit.deps.config.production },
        { id, kind: channel.kind, organizationId: channel.organization_id, emailRecipients: channel.email_recipients, emailMembers: channel.email_members, secretVersion: channel.secret_version, urlEncrypted: target?.url_encrypted ?? null },
        testMessage(deliveryId, channel.organization_id, org?.name ?? '', kit.deps.publicUrl, now),
        now.getTime(),
      );
      await client.query(
        `update public.alert_deliveries set attempts = 1, status = $2, last_status_code = $3, last_error = $4, sent_at = case when $2 = 'sent' then now() end,
           attempt_log = jsonb_build_array(jsonb_build_object('at', now(), 'status_code', $3::int, 'error', $4::text)), updated_at = now() where id = $1`,
        [deliveryId, result.ok ? 'sent' : 'failed', result.statusCode, result.error],
      );
      return { deliveryId, ...result };
    });
    // One answer for every failure (closed port, non-HTTP port, refused request): see NOT_ACCEPTED.
    if (!outcome.ok) return c.json({ error: `The test was not delivered. ${outcome.error ?? ''}`.trim(), delivery_id: outcome.deliveryId }, 502);
    return c.json({ status: 'sent', delivery_id: outcome.deliveryId, status_code: outcome.statusCode });
  
  };
}

export function createAlertRoutes(deps: AppDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const kit = createAlertKit(deps);
  app.use('*', requireUser(deps));
  app.post('/channels', createChannel(kit));
  app.patch('/channels/:id', updateChannel(kit));
  app.post('/channels/:id/test', testChannel(kit));
  return app;
}
