import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from './errors';
import { IdParam, json, ok } from './schemas';

const severity = z.enum(['error', 'warning', 'info']);

const RuleMeta = z
  .object({ id: z.string(), family: z.string(), tier: z.string(), defaultSeverity: severity, title: z.string(), explanation: z.string(), reference: z.string() })
  .passthrough()
  .openapi('Rule');

export const RuleSetting = z
  .object({ website_id: z.string().uuid(), rule_id: z.string(), enabled: z.boolean(), severity: severity.nullable(), updated_at: z.string() })
  .openapi('RuleSetting');

const RuleIdParam = IdParam.extend({ rule_id: z.string().regex(/^[a-z_]+\.[a-z0-9_]+$/).max(100).openapi({ param: { name: 'rule_id', in: 'path' } }) });

export const listRules = createRoute({
  method: 'get',
  path: '/rules',
  tags: ['Rules'],
  summary: 'The rule catalogue',
  description: 'Every built-in rule (basic and advanced) with its default severity and documentation.',
  responses: { 200: ok(z.object({ data: z.array(RuleMeta) }).openapi('RuleList'), 'The catalogue.'), ...errorResponses() },
});

export const listRuleSettings = createRoute({
  method: 'get',
  path: '/websites/{id}/rule-settings',
  tags: ['Rules'],
  summary: "A website's rule settings",
  description: 'Overrides of catalogue rules (disabled, or another severity); a rule without a row has its defaults.',
  request: { params: IdParam },
  responses: { 200: ok(z.object({ data: z.array(RuleSetting) }).openapi('RuleSettingList'), 'The overrides.'), ...errorResponses(404) },
});

export const putRuleSetting = createRoute({
  method: 'put',
  path: '/websites/{id}/rule-settings/{rule_id}',
  tags: ['Rules'],
  summary: 'Set a rule for a website',
  request: { params: RuleIdParam, body: json(z.strictObject({ enabled: z.boolean(), severity: severity.nullable().optional() })) },
  responses: { 200: ok(RuleSetting, 'The setting.'), ...errorResponses(404, 409) },
});
