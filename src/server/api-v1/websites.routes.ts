import { createRoute, z } from '@hono/zod-openapi';
import { MEASUREMENT_ID_RE } from '../../shared/ga4/constants';
import { errorResponses } from './errors';
import { PageQuery, pageSchema } from './pagination';
import { IdParam, json, ok } from './schemas';

export const Website = z
  .object({
    id: z.string().uuid(),
    organization_id: z.string().uuid(),
    name: z.string(),
    domain: z.string(),
    measurement_ids: z.array(z.string()),
    site_key: z.string(),
    is_active: z.boolean(),
    verification_status: z.enum(['pending', 'verified', 'failed']),
    verified_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Website');

const WebsitePage = pageSchema(Website, 'WebsitePage');

const name = z.string().trim().min(1).max(100);
const domain = z.string().trim().min(3).max(253).openapi({ example: 'shop.example.com' });
const measurementIds = z.array(z.string().regex(MEASUREMENT_ID_RE, 'A measurement ID looks like G-XXXXXXX')).max(20);



export const listWebsites = createRoute({
  method: 'get',
  path: '/websites',
  tags: ['Websites'],
  summary: 'List websites',
  request: { query: z.strictObject({ ...PageQuery, is_active: z.enum(['true', 'false']).optional() }) },
  responses: { 200: ok(WebsitePage, 'Websites, newest first.'), ...errorResponses() },
});

export const getWebsite = createRoute({
  method: 'get',
  path: '/websites/{id}',
  tags: ['Websites'],
  summary: 'Read a website',
  request: { params: IdParam },
  responses: { 200: ok(Website, 'The website.'), ...errorResponses(404) },
});

export const createWebsite = createRoute({
  method: 'post',
  path: '/websites',
  tags: ['Websites'],
  summary: 'Create a website',
  description: 'Needs the write scope (or an owner or admin). A key creates it in its own organization; a member names organization_id.',
  request: {
    body: json(z.strictObject({ name, domain, measurement_ids: measurementIds.optional(), organization_id: z.string().uuid().optional() })),
  },
  responses: { 201: ok(Website, 'The created website.'), ...errorResponses(409) },
});

export const updateWebsite = createRoute({
  method: 'patch',
  path: '/websites/{id}',
  tags: ['Websites'],
  summary: 'Update a website',
  request: {
    params: IdParam,
    body: json(z.strictObject({ name: name.optional(), domain: domain.optional(), measurement_ids: measurementIds.optional(), is_active: z.boolean().optional() })),
  },
  responses: { 200: ok(Website, 'The updated website.'), ...errorResponses(404, 409) },
});

export const deactivateWebsite = createRoute({
  method: 'post',
  path: '/websites/{id}/deactivate',
  tags: ['Websites'],
  summary: 'Deactivate a website',
  description: 'Stops collecting for the website; its data stays readable.',
  request: { params: IdParam },
  responses: { 200: ok(Website, 'The deactivated website.'), ...errorResponses(404, 409) },
});
