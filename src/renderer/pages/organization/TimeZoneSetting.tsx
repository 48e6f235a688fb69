import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useUpdateOrganizationMutation } from '../../data/organizations/update-organization-mutation';
import type { Organization } from '../../data/organizations/types';
import { TIME_ZONE_SETTING, browserTimeZone, organizationTimeZone, timeZoneOptions } from '../../data/rollups/time-zone';
import { notify } from '../../notifications/notify';
import { TOASTS, errorMessage } from '../../notifications/toast-catalogue';

/**
 * The organization's time zone (organizations.settings.time_zone): daily charts count calendar
 * days in it. Unset, each member sees days in their browser's zone.
 */
export function TimeZoneSetting({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const saved = organizationTimeZone(organization.settings);
  const [zone, setZone] = useState(saved);
  const update = useUpdateOrganizationMutation();
  const options = useMemo(() => timeZoneOptions(), []);
  const isSet = typeof organization.settings?.[TIME_ZONE_SETTING] === 'string';

  async function save() {
    try {
      await update.mutateAsync({ organizationId: organization.id, changes: { settings: { ...(organization.settings ?? {}), [TIME_ZONE_SETTING]: zone } } });
      notify(TOASTS.organizationUpdated);
    } catch (err) {
      notify(TOASTS.updateOrganizationFailed, errorMessage(err));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Time zone">
      <Stack>
        <Title order={2} size="h4">
          Time zone
        </Title>
        <Text size="sm" c="dimmed">
          Daily charts on the dashboard and analytics count calendar days in this zone.
          {isSet ? '' : ` Not set yet: you see days in your browser's zone (${browserTimeZone()}).`}
        </Text>
        <Select
          label="Organization time zone"
          data={options}
          value={zone}
          onChange={(value) => value && setZone(value)}
          searchable
          allowDeselect={false}
          readOnly={!canEdit}
          maw={360}
          nothingFoundMessage="No such time zone"
        />
        {canEdit && (
          <Group>
            <Button onClick={() => void save()} disabled={isSet && zone === saved} loading={update.isPending}>
              Save time zone
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
