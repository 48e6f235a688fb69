import type { SupabaseClient, User } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { anonClient, latestMailTo, serviceClient, uniqueEmail } from './clients';

export const TEST_PASSWORD = 'correct-horse-battery-9';

export interface Persona {
  email: string;
  user: User;
  client: SupabaseClient;
  accessToken: string;
}

/** Follows a mailed auth link the way a browser would and returns the URL it lands on. */
export async function followAuthLink(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (!location) throw new Error(`auth link did not redirect (status ${res.status})`);
  return new URL(location, link);
}

/** Signs a new user up through /auth/v1, confirms the email through the mailed link, and signs in. */
export async function signUpConfirmed(prefix: string, data: Record<string, unknown> = {}): Promise<Persona> {
  const email = uniqueEmail(prefix);
  const client = anonClient();
  const { error } = await client.auth.signUp({ email, password: TEST_PASSWORD, options: { data, emailRedirectTo: `${inject('serverUrl')}/verify-email` } });
  if (error) throw error;
  const mail = await latestMailTo(email);
  const confirm = mail.links.find((l) => l.includes('/auth/v1/verify'));
  if (!confirm) throw new Error('confirmation mail has no verify link');
  const landed = await followAuthLink(confirm);
  if (landed.hash.includes('error')) throw new Error(`confirmation failed: ${landed.hash}`);
  const signIn = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (signIn.error) throw signIn.error;
  return { email, user: signIn.data.user, client, accessToken: signIn.data.session.access_token };
}

/** Calls the app API as a persona (or anonymously) and returns status and JSON. */
export async function api(
  persona: Persona | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${inject('serverUrl')}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(persona ? { authorization: `Bearer ${persona.accessToken}` } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** The invitation token from the newest invitation mail to an address. */
export async function invitationTokenFor(email: string): Promise<string> {
  const mail = await latestMailTo(email);
  const link = mail.links.find((l) => l.includes('invitation='));
  if (!link) throw new Error('invitation mail has no link');
  return new URL(link).searchParams.get('invitation')!;
}

export interface Tenant {
  orgId: string;
  owner: Persona;
  admin: Persona;
  member: Persona;
  viewer: Persona;
}

/**
 * An organization on the given plan with one persona per role. Users sign up on the free plan
 * through public paths; a paid plan is then set as an active subscription by the service role, as
 * billing (or an operator) would: clients cannot choose Enterprise or skip the trial themselves.
 */
export async function createTenant(label: string, plan = 'enterprise'): Promise<Tenant> {
  const owner = await signUpConfirmed(`${label}-owner`, { full_name: `${label} Owner` });
  const slug = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const { data, error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: `${label} Org`, org_slug: slug, org_plan: 'free' });
  if (error) throw error;
  const orgId = (data as { organization_id: string }).organization_id;
  if (plan !== 'free') await subscribe(orgId, plan);
  const join = async (role: 'admin' | 'member' | 'viewer') => {
    const persona = await signUpConfirmed(`${label}-${role}`);
    const invited = await api(owner, 'POST', `/api/organizations/${orgId}/invitations`, { email: persona.email, role });
    if (invited.status !== 201) throw new Error(`invite failed: ${JSON.stringify(invited.json)}`);
    const accepted = await persona.client.rpc('accept_invitation', { invitation_token: await invitationTokenFor(persona.email) });
    if (accepted.error) throw accepted.error;
    return persona;
  };
  return { orgId, owner, admin: await join('admin'), member: await join('member'), viewer: await join('viewer') };
}

/** Puts an organization on a paid plan with an active subscription, as the billing webhook does. */
export async function subscribe(orgId: string, plan: string): Promise<void> {
  const { error } = await serviceClient()
    .from('organizations')
    .update({ plan, subscription_status: 'active', trial_ends_at: null })
    .eq('id', orgId);
  if (error) throw error;
}
