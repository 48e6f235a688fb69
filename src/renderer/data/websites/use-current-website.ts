import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { storedWebsiteIdAtom } from '../../state/selection-atoms';
import { useCurrentOrganization } from '../organizations/use-current-organization';
import { selectCurrentWebsite } from './select-current-website';
import { useWebsitesQuery } from './websites-query';
import type { Website } from './types';

/** The website being viewed: the remembered one if it belongs to the organization, else the first (then remembered). */
export function useCurrentWebsite(): { website: Website | null; websites: Website[]; isLoading: boolean } {
  const { organization } = useCurrentOrganization();
  const query = useWebsitesQuery(organization?.id);
  const [storedId, setStoredId] = useAtom(storedWebsiteIdAtom);
  const websites = query.data ?? [];
  const website = selectCurrentWebsite(websites, organization?.id ?? null, storedId);

  useEffect(() => {
    if (website && website.id !== storedId) setStoredId(website.id);
  }, [website, storedId, setStoredId]);

  return { website, websites, isLoading: query.isPending && query.fetchStatus !== 'idle' };
}
