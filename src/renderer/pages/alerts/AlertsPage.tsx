import { useMemo } from 'react';
import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useUsageStatusQuery } from '../../data/billing/usage-status-query';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import type { Organization } from '../../data/organizations/types';
import { HOUR_MS, floorHour } from '../../data/rollups/periods';
import { useRollupsQuery } from '../../data/rollups/rollups-query';
import { useUsageEventsQuery } from '../../data/rollups/usage-events-query';
import { useCurrentWebsite } from '../../data/websites/use-current-website';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatDateTime } from '../requests/format-time';
import { ruleFailureAlerts, sortAlerts, usageEventAlerts, usageStatusAlerts, type AlertSeverity } from './derive-alerts';

const COLORS: Record<AlertSeverity, string> = { critical: 'red', warning: 'yellow', info: 'blue' };
const LABELS: Record<AlertSeverity, string> = { critical: 'Critical', warning: 'Warning', info: 'Info' };

/** /app/alerts: problems worth attention, derived from usage and the hourly rollups of every website. */
export function AlertsPage() {
  useDocumentTitle('Alerts');
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  return <Alerts organization={organization} />;
}

function Alerts({ organization }: { organization: Organization }) {
  const { websites } = useCurrentWebsite();
  const nowHour = floorHour(Date.now());
  const sinceIso = new Date(nowHour - 25 * HOUR_MS).toISOString();
  const rollups = useRollupsQuery(organization.id, null, sinceIso, ['rule']);
  const usage = useUsageStatusQuery(organization.id);
  const events = useUsageEventsQuery(organization.id);
  const names = useMemo(() => new Map(websites.map((w) => [w.id, w.name || w.domain])), [websites]);
  const alerts = useMemo(
    () =>
      sortAlerts([
        ...usageEventAlerts(events.data ?? []),
        ...usageStatusAlerts(usage.data?.alerts ?? [], new Date(nowHour).toISOString()),
        ...ruleFailureAlerts(rollups.data ?? [], Date.now(), names),
      ]),
    [events.data, usage.data, rollups.data, names, nowHour],
  );
  const loading = rollups.isPending || usage.isPending || events.isPending;
  const failed = rollups.isError || usage.isError || events.isError;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Alerts
        </Title>
        <Text c="dimmed">Tracking problems and usage limits that need your attention.</Text>
        <Text size="sm" c="dimmed">
          Alerts are worked out from your data each time you open this page: rule failures in the last hour, requests refused at the
          monthly limit, and usage near your plan's limits. Configurable alert rules and email or Slack notifications are not available
          yet.
        </Text>
      </Stack>
      {failed && <Alert color="red">Some alert sources could not be loaded; the list may be incomplete.</Alert>}
      {loading ? (
        <Loader aria-label="Loading alerts" />
      ) : alerts.length === 0 ? (
        <Paper withBorder p="xl" radius="md" data-testid="alerts-empty">
          <Text>
            No alerts. {websites.length === 0 ? (
              <>
                <Anchor component={Link} to="/app/websites/add">
                  Add a website
                </Anchor>{' '}
                to start monitoring.
              </>
            ) : (
              'No rule failed in the last hour and usage is within your plan.'
            )}
          </Text>
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
                    {formatDateTime(a.at)}
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
