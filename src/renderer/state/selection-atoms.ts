import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { CURRENT_ORGANIZATION_STORAGE_KEY, CURRENT_WEBSITE_STORAGE_KEY } from './storage-keys';

const storage = createJSONStorage<string | null>(() => window.localStorage);

/** The remembered organization id; the effective current organization is derived in useCurrentOrganization. */
export const storedOrganizationIdAtom = atomWithStorage<string | null>(CURRENT_ORGANIZATION_STORAGE_KEY, null, storage, {
  getOnInit: true,
});

/** The remembered website id; validated against the current organization's websites when they load. */
export const storedWebsiteIdAtom = atomWithStorage<string | null>(CURRENT_WEBSITE_STORAGE_KEY, null, storage, {
  getOnInit: true,
});
