import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from './errors';
import { PageQuery, pageSchema } from './pagination';
import { isoTime, ok } from './schemas';

export const AuditEntry = z
  .object({
    id: z.string().uuid(),
    organization_id: z.string().uuid(),
    api_key_id: z.string().uuid().nullable().openapi({ description: 'The key that made the write; null when a member\'s session token did.' }),
    api_key_name: z.string().nullable(),
    user_id: z.string().uuid().nullable(),
    action: z.string().openapi({ example: 'website.update' }),
    target_id: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('AuditEntry');

export const listAuditLog = createRoute({
  method: 'get',
  path: '/audit-log',
  tags: ['Audit'],
  summary: "The organization's API audit log",
  description:
    'Every write made through /api/v1, newest first, with the key (or member) that made it. Owners and admins, or a key with the write scope that is not limited to some websites.',
  request: {
    query: z.strictObject({
      ...PageQuery,
      organization_id: z.string().uuid().optional().openapi({ description: 'Required with a session token; a key reads its own organization.' }),
      api_key_id: z.string().uuid().optional(),
      from: isoTime.optional(),
      to: isoTime.optional(),
    }),
  },
  responses: { 200: ok(pageSchema(AuditEntry, 'AuditEntryPage'), 'Entries, newest first.'), ...errorResponses() },
});
