import { expect, type Page } from '@playwright/test';

/**
 * Direct data calls as the signed-in user of `page` (their access token from supabase-js's
 * stored session), for test data no screen creates yet, e.g. websites. Row-level security applies.
 */
export async function restAs(page: Page) {
  const config = (await (await page.request.get('/config.json')).json()) as { supabaseAnonKey: string };
  const token = await page.evaluate(() => {
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i) ?? '';
      if (key.startsWith('sb-') && key.endsWith('-auth-token')) {
        return (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? null;
      }
    }
    return null;
  });
  expect(token, 'a stored supabase session').toBeTruthy();
  const headers = { apikey: config.supabaseAnonKey, authorization: `Bearer ${token}`, prefer: 'return=representation' };
  return {
    async get<T>(path: string): Promise<T> {
      const response = await page.request.get(`/rest/v1/${path}`, { headers });
      expect(response.ok(), await response.text()).toBe(true);
      return (await response.json()) as T;
    },
    async insert<T>(table: string, row: Record<string, unknown>): Promise<T> {
      const response = await page.request.post(`/rest/v1/${table}`, { headers, data: row });
      expect(response.ok(), await response.text()).toBe(true);
      return (await response.json()) as T;
    },
  };
}
