import { OpenAPIHono } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import type { ApiV1Env } from './principal';
import { errorBody } from './errors';

/** Turns a zod failure into the v1 error shape, naming unknown parameters or fields. */
function validationError(error: ZodError, target: string) {
  const unknown = error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys.map((k) => [...i.path.map(String), k].join('.')) : []));
  const details = error.issues.map((i) => ({ in: target, path: i.path.map(String).join('.'), message: i.message, ...(i.code === 'unrecognized_keys' ? { unknown: i.keys } : {}) }));
  const message = unknown.length
    ? `Unknown ${target === 'query' ? 'query parameter' : target === 'json' ? 'field' : 'parameter'}${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`
    : `Invalid ${target === 'json' ? 'body' : target}: ${details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ')}`;
  return errorBody('invalid_request', message, details);
}

/** An OpenAPIHono whose validation failures answer 400 in the v1 error shape. */
export function createRouter() {
  return new OpenAPIHono<ApiV1Env>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationError(result.error as ZodError, result.target), 400);
      return undefined;
    },
  });
}

export type V1App = ReturnType<typeof createRouter>;

/** Serves the OpenAPI 3.1 document at /openapi.json (public) and declares the bearer scheme. */
export function configureOpenAPI(app: V1App) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'An organization API key (tlk_…) with the read or write scope, or a member\'s session access token.',
  });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Tracklint API',
      version: '1.0.0',
      description:
        'The public API of Tracklint: websites, the requests log, findings summaries, rules, tracking plans and the inventory seen in traffic, alerts and alert rules, usage and the audit log of API writes. ' +
        'Authenticate with an organization API key (Authorization: Bearer tlk_…). Lists are newest first with opaque cursors. ' +
        'Every error is { "error": { "code", "message", "details" } }. Rate limits come with RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers.',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ bearer: [] }],
  });
}
