import { inject } from 'vitest';
import type { Persona } from './personas';

/** Calls /api/v1 on the shared test server with a key or session token (or none); the JSON answer parsed. */
export async function callV1(token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${inject('serverUrl')}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

/** An API key made by a persona through the app's own function; returns the secret. */
export async function createApiKey(persona: Persona, orgId: string, name: string, scopes: string[], websiteIds: string[] | null = null): Promise<string> {
  const { data, error } = await persona.client.rpc('create_scoped_api_key', { org_id: orgId, key_name: name, key_scopes: scopes, key_website_ids: websiteIds });
  if (error) throw error;
  return (data as { key: string }).key;
}

/** A website made by a persona through the data API, as the app does. */
export async function createWebsite(persona: Persona, orgId: string, domain: string, mid: string): Promise<string> {
  const { data, error } = await persona.client.from('websites').insert({ organization_id: orgId, name: domain, domain, measurement_ids: [mid] }).select('id').single();
  if (error) throw error;
  return (data as { id: string }).id;
}
