import { Select } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useSetAtom } from 'jotai';
import { useCurrentWebsite } from '../data/websites/use-current-website';
import { notify } from '../notifications/notify';
import { TOASTS } from '../notifications/toast-catalogue';
import { storedWebsiteIdAtom } from '../state/selection-atoms';

/**
 * A compact website picker in the top bar: the chosen website is remembered (one storage key)
 * for the pages that show one website's data. Hidden while the organization has no websites.
 * The top bar has no room for it on a phone, so there it lives in the navigation drawer instead.
 */
export function WebsiteSwitcher({ placement = 'header' }: { placement?: 'header' | 'drawer' }) {
  const { website, websites } = useCurrentWebsite();
  const setStoredWebsite = useSetAtom(storedWebsiteIdAtom);
  if (websites.length === 0) return null;

  function choose(id: string | null) {
    if (!id || id === website?.id) return;
    // Only a website of the current organization's list can be chosen.
    const next = websites.find((site) => site.id === id);
    if (!next) {
      notify(TOASTS.switchWebsiteFailed);
      return;
    }
    try {
      setStoredWebsite(next.id);
      notify(TOASTS.websiteSwitched);
    } catch (err) {
      console.error('switch website failed', err);
      notify(TOASTS.switchWebsiteFailed);
    }
  }

  return (
    <Select
      {...(placement === 'header'
        ? { 'aria-label': 'Current website', size: 'xs', w: 200, visibleFrom: 'sm' }
        : { label: 'Current website', size: 'sm', w: '100%', mb: 'sm' })}
      leftSection={<IconWorld size={14} aria-hidden />}
      data={websites.map((site) => ({ value: site.id, label: site.name || site.domain }))}
      value={website?.id ?? null}
      onChange={choose}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid={placement === 'header' ? 'website-switcher' : 'drawer-website-switcher'}
    />
  );
}
