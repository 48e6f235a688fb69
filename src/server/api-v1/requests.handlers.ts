import type { RouteHandler } from '@hono/zod-openapi';
import type { AppDeps } from '../deps';
import { asPrincipal, iso } from './caller';
import { ApiV1Error } from './errors';
import { CURSOR_SQL, decodeCursor, toPage } from './pagination';
import type { ApiV1Env } from './principal';
import type { getRequest, listRequests } from './requests.routes';

const SUMMARY = `id, ${iso('received_at')} as received_at, organization_id, website_id, format, source, measurement_id, client_id, user_id,
  event_count, event_names, status, error_count, warning_count, info_count, rule_ids`;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

export function requestHandlers(deps: AppDeps) {
  const list: RouteHandler<typeof listRequests, ApiV1Env> = async (c) => {
    const q = c.req.valid('query');
    const cursor = decodeCursor(q.cursor);
    const from = q.from ?? new Date(Date.now() - DAY_MS).toISOString();
    // As the app's search box: a UUID is a request id, anything else a visitor (client or user id), exact so an index answers.
    const requestId = q.q && UUID_RE.test(q.q) ? q.q.toLowerCase() : null;
    const visitor = q.q && !requestId ? q.q : null;
    const rows = await asPrincipal(deps, c, async (client) =>
      (await client.query(
        `select ${SUMMARY}, ${CURSOR_SQL('received_at')} as cursor_at from public.collected_requests
         where received_at >= $1::timestamptz and ($2::timestamptz is null or received_at < $2::timestamptz)
           and ($3::timestamptz is null or (received_at, id) < ($3::timestamptz, $4::uuid))
           and ($5::uuid is null or website_id = $5) and ($6::text is null or status = $6)
           and ($7::text is null or event_names @> array[$7::text]) and ($8::text is null or rule_ids @> array[$8::text])
           and ($9::uuid is null or id = $9) and ($10::text is null or client_id = $10 or user_id = $10)
         order by received_at desc, id desc limit $11`,
        [from, q.to ?? null, cursor?.at ?? null, cursor?.id ?? null, q.website_id ?? null, q.status ?? null,
          q.event_name ?? null, q.rule_id ?? null, requestId, visitor, q.limit + 1],
      )).rows as Array<{ cursor_at: string; id: string } & Record<string, unknown>>,
    );
    return c.json(toPage(rows, q.limit) as never, 200);
  };

  const get: RouteHandler<typeof getRequest, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    const row = await asPrincipal(deps, c, async (client) =>
      (await client.query(
        `select ${SUMMARY}, endpoint, method, origin_host, url, body, user_agent, events, issues as findings
         from public.collected_requests where id = $1 order by received_at desc limit 1`,
        [id],
      )).rows[0] as Record<string, unknown> | undefined,
    );
    if (!row) throw new ApiV1Error(404, 'not_found', 'Request not found.');
    return c.json(row as never, 200);
  };

  return { list, get };
}
