import type { FetchLike } from '../api/super-admin-client';
import { SESSION_HEADER } from '../api/super-admin-client';

export interface ConsoleApiConfig {
  supabaseUrl: string;
  anonKey?: string;
  fetch?: FetchLike;
}

export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One call to /functions/v1/super-admin-console/<path> with the super-admin session; errors carry the server's message. */
export async function consoleRequest<T>(config: ConsoleApiConfig, sessionToken: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', [SESSION_HEADER]: sessionToken };
  if (config.anonKey) {
    headers.apikey = config.anonKey;
    headers.authorization = `Bearer ${config.anonKey}`;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  const doFetch = config.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const res = await doFetch(`${config.supabaseUrl.replace(/\/$/, '')}/functions/v1/super-admin-console/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) throw new ConsoleApiError(res.status, json.error ?? `Request failed (${res.status})`);
  return json as T;
}

export interface Page<T> {
  total: number;
  page: number;
  pageSize: number;
  rows: T[];
}

export interface OrganizationSummary {
  id: string;
  name: string;
  slug: string;
  plan: string;
  subscription_status: string;
  trial_ends_at: string | null;
  suspended_at: string | null;
  suspended_reason: string | null;
  members: number;
  websites: number;
  requests_this_month: number;
  monthly_request_limit: number;
  created_at: string;
}

export interface UserSummary {
  id: string;
  email: string;
  full_name: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  confirmed: boolean;
  banned: boolean;
  organizations: number;
}

export interface AuditAction {
  id: number;
  actor_email: string;
  action: string;
  target_type?: string;
  target_id?: string;
  target_label?: string | null;
  reason: string;
  before: unknown;
  after: unknown;
  created_at: string;
}

export interface ConsoleRule {
  id: string;
  title: string;
  family: string;
  tier: string;
  defaultSeverity: string;
  fired7d: number;
  websites7d: number;
  globalEnabled: boolean;
  globalSeverity: string | null;
  globalReason: string | null;
}

export interface SearchResults {
  users: Array<{ id: string; email: string; full_name: string | null }>;
  organizations: Array<{ id: string; name: string; slug: string; plan: string }>;
}

/** An owner's request for another plan (servers without Stripe), as the console lists it. */
export interface PlanChangeRequest {
  id: string;
  organization_id: string;
  organization_name: string;
  organization_slug: string;
  organization_plan: string;
  requested_plan: string;
  current_plan: string;
  message: string | null;
  status: 'open' | 'approved' | 'declined';
  requested_by_email: string | null;
  decided_by_email: string | null;
  decision_reason: string | null;
  decided_at: string | null;
  created_at: string;
}
