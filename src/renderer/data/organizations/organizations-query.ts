import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { useSession } from '../auth/use-session';
import { ORGANIZATIONS_CACHE_MS } from '../cache-times';
import { organizationKeys } from './keys';
import { DEFAULT_PLAN, isOrganizationRole, type Organization } from './types';

const ORGANIZATION_COLUMNS =
  'id, name, slug, plan, settings, subscription_status, stripe_customer_id, stripe_subscription_id, current_period_end, trial_ends_at, plan_variant, created_by, created_at, suspended_at, suspended_reason';

interface MembershipRow {
  organization_id: string;
  role: string;
  permissions: string[] | null;
}

type OrganizationRow = Omit<Organization, 'user_role' | 'user_permissions'>;

/**
 * The organizations the user actively belongs to, with their role in each: first the active
 * memberships, then the organizations by id list (spec section 7).
 */
export async function fetchUserOrganizations(client: TracklintClient, userId: string): Promise<Organization[]> {
  const memberships = await client
    .from('user_organizations')
    .select('organization_id, role, permissions')
    .eq('user_id', userId)
    .eq('status', 'active');
  if (memberships.error) throw memberships.error;
  const links = (memberships.data ?? []) as MembershipRow[];
  if (links.length === 0) return [];

  const orgs = await client
    .from('organizations')
    .select(ORGANIZATION_COLUMNS)
    .in(
      'id',
      links.map((l) => l.organization_id),
    );
  if (orgs.error) throw orgs.error;

  const byId = new Map(links.map((l) => [l.organization_id, l]));
  return ((orgs.data ?? []) as OrganizationRow[])
    .map((org): Organization | null => {
      const link = byId.get(org.id);
      if (!link || !isOrganizationRole(link.role)) return null;
      return { ...org, plan: org.plan ?? DEFAULT_PLAN, user_role: link.role, user_permissions: link.permissions ?? [] };
    })
    .filter((org): org is Organization => org !== null)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export function useOrganizationsQuery() {
  const client = useSupabase();
  const { user } = useSession();
  const userId = user?.id;
  return useQuery({
    queryKey: organizationKeys.list(userId),
    queryFn: () => fetchUserOrganizations(client, userId!),
    enabled: Boolean(userId),
    staleTime: ORGANIZATIONS_CACHE_MS,
  });
}

/** The user's organizations; the list is empty when they fail to load (spec section 8). */
export function useOrganizations(): { organizations: Organization[]; isLoading: boolean; error: unknown } {
  const query = useOrganizationsQuery();
  return { organizations: query.data ?? [], isLoading: query.isPending && query.fetchStatus !== 'idle', error: query.error };
}
