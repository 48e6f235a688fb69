import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { capResponseSize } from '../../../src/server/api-v1/response-cap';

describe('capResponseSize', () => {
  const app = new Hono();
  app.use('*', capResponseSize(1000));
  app.get('/small', (c) => c.json({ data: 'x'.repeat(10) }));
  app.get('/big', (c) => c.json({ data: 'x'.repeat(2000) }));

  it('passes a response under the cap unchanged', async () => {
    const res = await app.request('/small');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: 'x'.repeat(10) });
  });

  it('replaces a response over the cap with a 413 in the v1 error shape', async () => {
    const res = await app.request('/big');
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large', details: { max_bytes: 1000 } } });
  });
});
