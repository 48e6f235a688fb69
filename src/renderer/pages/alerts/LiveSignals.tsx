import { useMemo } from 'react';
import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useUsageStatusQuery } from '../../data/billing/usage-status-query';
import type { Organization } from '../../data/organizations/types';
import { floorHour } from '../../data/rollups/periods';
import { useRollupSeriesByWebsiteQuery } from '../../data/rollups/rollups-query';
import { useUsageEventsQuery } from '../../data/rollups/usage-events-query';
import { ruleFailureAlerts, ruleFailureWindow, sortAlerts, usageEventAlerts, usageStatusAlerts, type AlertSeverity } from './derive-alerts';
import { formatAlertTime } from './format';

const COLORS: Record<AlertSeverity, string> = { critical: 'red', warning: 'yellow', info: 'blue' };
const LABELS: Record<AlertSeverity, string> = { critical: 'Critical', warning: 'Warning', info: 'Info' };

/** What the data shows right now (rule failures of the last hour, usage), whether or not a rule has raised an alert for it yet. */
export function LiveSignals({ organization, websiteNames }: { organization: Organization; websiteNames: ReadonlyMap<string, string> }) {
  const nowHour = floorHour(Date.now());
  const signalWindow = ruleFailureWindow(nowHour);
  const rollups = useRollupSeriesByWebsiteQuery(organization.id, signalWindow.bucketStartsMs, signalWindow.untilMs, ['rule']);
  const usage = useUsageStatusQuery(organization.id);
  const events = useUsageEventsQuery(organization.id);
  const alerts = useMemo(
    () =>
      sortAlerts([
        ...usageEventAlerts(events.data ?? []),
        ...usageStatusAlerts(usage.data?.alerts ?? [], new Date(nowHour).toISOString()),
        ...ruleFailureAlerts(rollups.data ?? [], Date.now(), websiteNames),
      ]),
    [events.data, usage.data, rollups.data, websiteNames, nowHour],
  );
  const loading = rollups.isPending || usage.isPending || events.isPending;
  const failed = rollups.isError || usage.isError || events.isError;

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Last hour at a glance
      </Title>
      {failed && <Alert color="red">Some sources could not be loaded; the list may be incomplete.</Alert>}
      {loading ? (
        <Loader aria-label="Loading the last hour" />
      ) : alerts.length === 0 ? (
        <Paper withBorder p="md" radius="md" data-testid="alerts-empty">
          <Text size="sm">No rule failed in the last hour and usage is within your plan.</Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {alerts.map((a) => (
            <Paper key={a.id} component="li" withBorder p="md" radius="md" data-testid="alert-item" data-kind={a.kind} data-severity={a.severity}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  {a.severity === 'info' ? <IconInfoCircle aria-hidden color="var(--mantine-color-blue-6)" /> : <IconAlertTriangle aria-hidden color={`var(--mantine-color-${COLORS[a.severity]}-6)`} />}
                  <Stack gap={2}>
                    <Text fw={600}>{a.title}</Text>
                    <Text size="sm">{a.description}</Text>
                    <Anchor component={Link} to={a.link.to} size="sm">
                      {a.link.label}
                    </Anchor>
                  </Stack>
                </Group>
                <Stack gap={2} align="flex-end">
                  <Badge color={COLORS[a.severity]}>{LABELS[a.severity]}</Badge>
                  <Text size="xs" c="dimmed">
                    {formatAlertTime(a.at)}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
