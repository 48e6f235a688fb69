import { Alert, Anchor } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import type { Organization } from '../data/organizations/types';

/** Shown on every page of a suspended organization: what stopped, why, that it is read-only, and whom to ask. */
export function SuspendedNotice({ organization }: { organization: Pick<Organization, 'name' | 'suspended_at' | 'suspended_reason'> }) {
  if (!organization.suspended_at) return null;
  return (
    <Alert color="red" variant="light" icon={<IconBan aria-hidden="true" />} title={`${organization.name} is suspended`} role="alert" mb="md">
      Tracklint is not collecting this organization&apos;s hits{organization.suspended_reason ? `: ${organization.suspended_reason}` : ''}. Your data is kept,
      and you can still read and export it, but nothing in this organization can be changed (websites, team, keys, alerts, rules)
      until it is reactivated. Contact{' '}
      <Anchor href="mailto:support@tracklint.com" underline="always">
        support@tracklint.com
      </Anchor>{' '}
      to reactivate it.
    </Alert>
  );
}
