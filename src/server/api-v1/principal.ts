import type { RequestClaims } from '../db/database';

export type Scope = 'read' | 'write' | 'collect';

/** Who calls /api/v1: an organization API key, or a member with a session token. */
export type Principal =
  | { kind: 'key'; keyId: string; organizationId: string; scopes: Scope[]; websiteIds: string[] | null; claims: RequestClaims }
  | { kind: 'member'; userId: string; claims: RequestClaims };

export type ApiV1Env = { Variables: { principal: Principal } };
