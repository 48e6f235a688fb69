import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from './errors';
import { PageQuery, pageSchema } from './pagination';
import { IdParam, json, ok } from './schemas';

const severity = z.enum(['error', 'warning', 'info']);

export const CustomRule = z
  .object({
    id: z.string().uuid(),
    organization_id: z.string().uuid(),
    website_id: z.string().uuid().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    definition: z.record(z.string(), z.unknown()),
    severity,
    enabled: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('CustomRule');

const definition = z.record(z.string(), z.unknown()).openapi({ description: 'The rule as the custom-rule editor saves it (id, title, events, when, assert…); validated with the same code and limits.' });
const fields = {
  name: z.string().trim().min(1).max(120),
  description: z.string().max(2000).nullable().optional(),
  definition,
  severity: severity.optional(),
  enabled: z.boolean().optional(),
};

export const listCustomRules = createRoute({
  method: 'get',
  path: '/custom-rules',
  tags: ['Rules'],
  summary: 'List custom rules',
  request: { query: z.strictObject({ ...PageQuery, website_id: z.string().uuid().optional() }) },
  responses: { 200: ok(pageSchema(CustomRule, 'CustomRulePage'), 'Custom rules, newest first.'), ...errorResponses() },
});

export const createCustomRule = createRoute({
  method: 'post',
  path: '/custom-rules',
  tags: ['Rules'],
  summary: 'Create a custom rule',
  description: 'Plans with custom_rules; the plan limit on custom rules applies.',
  request: { body: json(z.strictObject({ ...fields, website_id: z.string().uuid().nullable().optional(), organization_id: z.string().uuid().optional() })) },
  responses: { 201: ok(CustomRule, 'The created rule.'), ...errorResponses(409) },
});

export const updateCustomRule = createRoute({
  method: 'patch',
  path: '/custom-rules/{id}',
  tags: ['Rules'],
  summary: 'Update a custom rule',
  request: {
    params: IdParam,
    body: json(z.strictObject({ name: fields.name.optional(), description: fields.description, definition: definition.optional(), severity: fields.severity, enabled: fields.enabled })),
  },
  responses: { 200: ok(CustomRule, 'The updated rule.'), ...errorResponses(404, 409) },
});

export const deleteCustomRule = createRoute({
  method: 'delete',
  path: '/custom-rules/{id}',
  tags: ['Rules'],
  summary: 'Delete a custom rule',
  request: { params: IdParam },
  responses: { 200: ok(z.object({ id: z.string().uuid(), deleted: z.literal(true) }).openapi('Deleted'), 'Deleted.'), ...errorResponses(404) },
});
