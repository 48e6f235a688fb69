import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { VERIFICATION_FILE, dnsRecordFor, findOwnershipProof, metaTagFor } from './domain-verification';
import { callerQuery, requireUser, type ApiEnv } from '../api-auth/authenticate';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /api/websites/{id}/verify: checks that the website's domain publishes its verification token
 * (DNS TXT, file or meta tag: websites/domain-verification.ts) and, when it does, marks the website
 * verified. Owners and admins only; the answer says what to publish when nothing was found.
 */
export function createWebsiteRoutes(deps: AppDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use('*', requireUser(deps));

  const asCaller = callerQuery(deps);

  app.post('/:id/verify', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw new HttpError(400, 'Website id must be a UUID');
    const site = await asCaller(c, async (client) => {
      const { rows } = await client.query<{ domain: string; verification_token: string; admin: boolean }>(
        `select w.domain, w.verification_token, public.has_org_role(w.organization_id, 'admin') as admin from public.websites w where w.id = $1`,
        [id],
      );
      if (!rows[0]) throw new HttpError(404, 'Website not found');
      if (!rows[0].admin) throw new HttpError(403, 'Only owners and admins can verify a website');
      return rows[0];
    });
    const method = await findOwnershipProof(site.domain, site.verification_token, {
      production: deps.config.production,
      httpPort: deps.config.domainVerificationHttpPort,
      dnsServer: deps.config.domainVerificationDnsServer,
    });
    if (!method) {
      return c.json(
        {
          error: `${site.domain} does not publish this website's verification token yet. Add one of: a DNS TXT record "${dnsRecordFor(site.verification_token)}", the file https://${site.domain}${VERIFICATION_FILE} containing the token, or ${metaTagFor(site.verification_token)} in the home page.`,
          verified: false,
        },
        422,
      );
    }
    await deps.db.transaction((client) =>
      client.query(`update public.websites set verification_status = 'verified', verified_at = now(), verification_method = $2 where id = $1`, [id, method]),
    );
    return c.json({ verified: true, method });
  });

  return app;
}
