import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import { HttpError, readJson } from '../http/errors';
import { generateOpaqueToken, hashToken } from '../auth/tokens';
import { sendInvitationEmail } from '../auth/emails';
import { callerQuery, requireUser, type ApiEnv } from '../api-auth/authenticate';
import { logFor } from '../http/request-log';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
type Role = (typeof ROLES)[number];
const EDITABLE_ORG_FIELDS = ['name', 'slug', 'settings'] as const;

function uuidParam(c: Context, name: string): string {
  const value = c.req.param(name) ?? '';
  if (!uuidPattern.test(value)) throw new HttpError(400, `${name === 'id' ? 'Organization' : 'User'} id must be a UUID`);
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Asks Postgres (has_org_role, under the caller's claims) whether the caller may act; 404 for outsiders. */
async function requireOrgRole(client: SqlClient, orgId: string, minRole: Role, deniedMessage: string) {
  const { rows } = await client.query<{ member: boolean; allowed: boolean }>(
    `select public.has_org_role($1, 'viewer') as member, public.has_org_role($1, $2) as allowed`,
    [orgId, minRole],
  );
  if (!rows[0]?.member) throw new HttpError(404, 'Organization not found');
  if (!rows[0].allowed) throw new HttpError(403, deniedMessage);
}

/** The app API of spec section 7: organization settings, deletion, invitations and members. */
export function createOrganizationRoutes(deps: AppDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use('*', requireUser(deps));

  const asCaller = callerQuery(deps);

  app.patch('/:id', async (c) => {
    const orgId = uuidParam(c, 'id');
    const body = await readJson(c);
    if (!isPlainObject(body)) throw new HttpError(400, 'Send a JSON object of the fields to change');
    const unknown = Object.keys(body).filter((k) => !(EDITABLE_ORG_FIELDS as readonly string[]).includes(k));
    if (unknown.length) throw new HttpError(400, `These fields cannot be changed here: ${unknown.join(', ')}`);
    if (Object.keys(body).length === 0) throw new HttpError(400, 'Nothing to update');
    if ('name' in body && (typeof body.name !== 'string' || body.name.trim().length < 1 || body.name.trim().length > 100)) {
      throw new HttpError(400, 'Name must be 1 to 100 characters');
    }
    if ('slug' in body && (typeof body.slug !== 'string' || !/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(body.slug))) {
      throw new HttpError(400, 'Slug must be 1 to 63 lower-case letters, digits or hyphens, not starting or ending with a hyphen');
    }
    if ('settings' in body && !isPlainObject(body.settings)) throw new HttpError(400, 'Settings must be a JSON object');

    const organization = await asCaller(c, async (client) => {
      await requireOrgRole(client, orgId, 'admin', 'Only owners and admins can update the organization');
      const { rows } = await client.query(
        `update public.organizations set
           name = coalesce($2, name), slug = coalesce($3, slug), settings = coalesce($4::jsonb, settings)
         where id = $1 returning *`,
        [orgId, typeof body.name === 'string' ? body.name.trim() : null, body.slug ?? null, 'settings' in body ? JSON.stringify(body.settings) : null],
      );
      if (!rows[0]) throw new HttpError(403, 'Only owners and admins can update the organization');
      return rows[0];
    });
    return c.json({ organization });
  });

  app.delete('/:id', async (c) => {
    const orgId = uuidParam(c, 'id');
    await asCaller(c, async (client) => {
      await requireOrgRole(client, orgId, 'owner', 'Only the owner can delete the organization');
      const { rowCount } = await client.query('delete from public.organizations where id = $1', [orgId]);
      if (!rowCount) throw new HttpError(403, 'Only the owner can delete the organization');
    });
    return c.json({ success: true, id: orgId });
  });

  app.post('/:id/invitations', async (c) => {
    const orgId = uuidParam(c, 'id');
    const body = await readJson(c);
    if (!isPlainObject(body)) throw new HttpError(400, 'Send a JSON object with email and role');
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const role = body.role ?? 'member';
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new HttpError(400, 'A valid email address is required');
    if (role !== 'admin' && role !== 'member' && role !== 'viewer') throw new HttpError(400, 'Role must be admin, member or viewer');

    const token = generateOpaqueToken();
    const { invitation, orgName } = await asCaller(c, async (client) => {
      await requireOrgRole(client, orgId, 'admin', 'Only owners and admins can invite members');
      const created = await client.query<{ invitation: Record<string, unknown> }>(
        'select public.create_invitation($1, $2, $3, $4) as invitation',
        [orgId, email, role, hashToken(token)],
      );
      const org = await client.query<{ name: string }>('select name from public.organizations where id = $1', [orgId]);
      return { invitation: created.rows[0]!.invitation, orgName: org.rows[0]?.name ?? 'an organization' };
    });
    // The sign-up page takes the invitation (and offers sign-in for existing accounts, keeping it).
    const acceptUrl = `${deps.publicUrl}/signup?invitation=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
    // Sent after the invitation is committed; if mail fails the admin sees the error and can invite again (which replaces the link).
    try {
      await sendInvitationEmail(deps.mailer, email, orgName, acceptUrl);
    } catch (err) {
      logFor(c, deps.log).error({ error: err instanceof Error ? err.message : String(err) }, 'invitation email failed');
      throw new HttpError(502, 'The invitation was created but the email could not be sent. Try inviting again.');
    }
    return c.json({ invitation }, 201);
  });

  app.patch('/:id/members/:userId', async (c) => {
    const orgId = uuidParam(c, 'id');
    const userId = uuidParam(c, 'userId');
    const body = await readJson(c);
    if (!isPlainObject(body)) throw new HttpError(400, 'Send a JSON object with role and/or permissions');
    if (body.role === undefined && body.permissions === undefined) throw new HttpError(400, 'Nothing to update: send role and/or permissions');
    if (body.role !== undefined && !(ROLES as readonly unknown[]).includes(body.role)) throw new HttpError(400, 'Role must be owner, admin, member or viewer');
    if (body.permissions !== undefined && !(Array.isArray(body.permissions) && body.permissions.every((p) => typeof p === 'string' && p.length <= 100))) {
      throw new HttpError(400, 'Permissions must be a list of strings');
    }
    const member = await asCaller(c, async (client) => {
      await requireOrgRole(client, orgId, 'admin', 'Only owners and admins can change roles');
      const { rows } = await client.query(
        `update public.user_organizations set role = coalesce($3, role), permissions = coalesce($4::text[], permissions)
         where organization_id = $1 and user_id = $2
         returning id, user_id, organization_id, role, status, permissions, joined_at`,
        [orgId, userId, body.role ?? null, body.permissions ?? null],
      );
      if (!rows[0]) throw new HttpError(404, 'Member not found');
      return rows[0];
    });
    return c.json({ member });
  });

  app.delete('/:id/members/:userId', async (c) => {
    const orgId = uuidParam(c, 'id');
    const userId = uuidParam(c, 'userId');
    const self = userId === c.get('claims').sub;
    await asCaller(c, async (client) => {
      if (!self) await requireOrgRole(client, orgId, 'admin', 'Only owners and admins can remove members');
      const { rowCount } = await client.query('delete from public.user_organizations where organization_id = $1 and user_id = $2', [orgId, userId]);
      if (!rowCount) throw new HttpError(404, self ? 'Organization not found' : 'Member not found');
    });
    return c.json({ success: true, user_id: userId });
  });

  return app;
}
