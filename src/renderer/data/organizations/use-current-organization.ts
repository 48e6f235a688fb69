import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { storedOrganizationIdAtom } from '../../state/selection-atoms';
import { useOrganizations } from './organizations-query';
import { selectCurrentOrganization } from './select-current-organization';
import type { Organization } from './types';

/** The organization the user works in: the remembered one if still a member, else the first (then remembered). */
export function useCurrentOrganization(): { organization: Organization | null; organizations: Organization[]; isLoading: boolean } {
  const { organizations, isLoading } = useOrganizations();
  const [storedId, setStoredId] = useAtom(storedOrganizationIdAtom);
  const organization = selectCurrentOrganization(organizations, storedId);

  useEffect(() => {
    if (organization && organization.id !== storedId) setStoredId(organization.id);
  }, [organization, storedId, setStoredId]);

  return { organization, organizations, isLoading };
}
