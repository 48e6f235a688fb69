/** A row of api_keys as members may read it (the hash never leaves the database). */
export interface ApiKey {
  id: string;
  organization_id: string;
  name: string;
  /** The key's first characters (e.g. "tlk_3f9a1c2b"). */
  key_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** read (API reads), write (API changes, includes read), collect (Measurement Protocol). */
  scopes: ApiKeyScope[];
  /** The websites the key is limited to; null for all. */
  website_ids: string[] | null;
}

export type ApiKeyScope = 'read' | 'write' | 'collect';
export const API_KEY_SCOPES: readonly ApiKeyScope[] = ['read', 'write', 'collect'];

export function isApiKeyScope(scope: string): scope is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(scope);
}

/** rpc create_api_key's answer: the only time the whole key is readable. */
export interface CreatedApiKey {
  id: string;
  name: string;
  key_prefix: string;
  created_at: string;
  scopes: ApiKeyScope[];
  website_ids: string[] | null;
  key: string;
}
