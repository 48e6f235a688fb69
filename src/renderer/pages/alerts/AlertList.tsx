import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useAcknowledgeAlertMutation } from '../../data/alerts/acknowledge-alert-mutation';
import { useResolveAlertMutation } from '../../data/alerts/resolve-alert-mutation';
import type { AlertRow } from '../../data/alerts/types';
import { SEVERITY_LEVEL_COLORS, SEVERITY_LEVEL_LABELS } from '../../../shared/severity';
import { notify } from '../../notifications/notify';
import { errorMessage } from '../../notifications/toast-catalogue';
import { formatAlertTime } from './format';
import { ALERT_TOASTS } from './toasts';

const STATUS_LABEL = { open: 'Open', acknowledged: 'Acknowledged', resolved: 'Resolved' } as const;

interface AlertListProps {
  organizationId: string;
  alerts: AlertRow[];
  canManage: boolean;
  websiteNames: ReadonlyMap<string, string>;
  memberNames: ReadonlyMap<string, string>;
  emptyText: string;
  testId: string;
}

/** Alerts as cards: what, where, since when, who acknowledged, and (for managers) acknowledge and resolve. */
export function AlertList({ organizationId, alerts, canManage, websiteNames, memberNames, emptyText, testId }: AlertListProps) {
  const acknowledge = useAcknowledgeAlertMutation();
  const resolve = useResolveAlertMutation();

  async function run(action: 'acknowledge' | 'resolve', alertId: string) {
    try {
      if (action === 'acknowledge') await acknowledge.mutateAsync({ alertId, organizationId });
      else await resolve.mutateAsync({ alertId, organizationId });
      notify(action === 'acknowledge' ? ALERT_TOASTS.acknowledged : ALERT_TOASTS.resolved);
    } catch (err) {
      notify(ALERT_TOASTS.actionFailed, errorMessage(err));
    }
  }

  if (alerts.length === 0)
    return (
      <Paper withBorder p="lg" radius="md" data-testid={`${testId}-empty`}>
        <Text>{emptyText}</Text>
      </Paper>
    );
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid={testId}>
      {alerts.map((a) => (
        <Paper key={a.id} component="li" withBorder p="md" radius="md" data-testid="alert-row" data-status={a.status} data-kind={a.kind} data-severity={a.severity}>
          {/* Wraps on a phone: the badges and actions go under the text instead of past the card's edge. */}
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
              <Title order={3} size="h5">
                {a.title}
              </Title>
              <Text size="sm">{a.summary}</Text>
              <Text size="xs" c="dimmed">
                {a.website_id ? (websiteNames.get(a.website_id) ?? 'A deleted website') : 'Whole organization'} · opened {formatAlertTime(a.opened_at)}
                {a.acknowledged_at && ` · acknowledged ${formatAlertTime(a.acknowledged_at)}${a.acknowledged_by ? ` by ${memberNames.get(a.acknowledged_by) ?? 'a former member'}` : ''}`}
                {a.resolved_at &&
                  ` · resolved ${formatAlertTime(a.resolved_at)}${a.resolution === 'manual' ? ` by ${a.resolved_by ? (memberNames.get(a.resolved_by) ?? 'a former member') : 'hand'}` : ' automatically'}`}
              </Text>
              {a.link && (
                <Anchor component={Link} to={a.link} size="sm">
                  See the requests
                </Anchor>
              )}
            </Stack>
            <Stack gap={6} align="flex-end">
              <Group gap={6} wrap="nowrap">
                <Badge color={SEVERITY_LEVEL_COLORS[a.severity]}>{SEVERITY_LEVEL_LABELS[a.severity]}</Badge>
                <Badge variant="outline" color={a.status === 'resolved' ? 'teal' : 'gray'}>
                  {STATUS_LABEL[a.status]}
                </Badge>
              </Group>
              {canManage && a.status !== 'resolved' && (
                <Group gap={6} wrap="nowrap">
                  {a.status === 'open' && (
                    <Button size="xs" variant="default" onClick={() => void run('acknowledge', a.id)} loading={acknowledge.isPending && acknowledge.variables?.alertId === a.id}>
                      Acknowledge
                    </Button>
                  )}
                  <Button size="xs" variant="light" onClick={() => void run('resolve', a.id)} loading={resolve.isPending && resolve.variables?.alertId === a.id}>
                    Resolve
                  </Button>
                </Group>
              )}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
