import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useAtom } from 'jotai';
import { Link } from 'react-router-dom';
import type { UsageMetric } from '../../shared/plans';
import { useUsageStatusQuery } from '../data/billing/usage-status-query';
import type { Organization } from '../data/organizations/types';
import { dismissedUsageAlertsAtom } from '../state/ui-atoms';
import { permissionsForRole } from '../data/organizations/role-permissions';
import { belongsInShellBanner, displayedSeverity, usageAlertColor, usageAlertKey, usageAlertText, usageAlertTitle, visibleUsageAlerts } from '../data/billing/usage-alerts';

interface UsageAlertsProps {
  organization: Organization;
  /** Only these metrics (e.g. team members on the team page); all when omitted. */
  metrics?: readonly UsageMetric[];
  /** The shell's banner: dismissible, and only the alerts that concern every page (belongsInShellBanner). */
  dismissible?: boolean;
}

/**
 * Usage alerts from rpc get_organization_usage_status (near or over a plan limit), colored by
 * severity, with the way to billing (owners) or who to ask (everyone else).
 */
export function UsageAlerts({ organization, metrics, dismissible = false }: UsageAlertsProps) {
  const { data } = useUsageStatusQuery(organization.id);
  const [dismissed, setDismissed] = useAtom(dismissedUsageAlertsAtom);
  const candidates = (data?.alerts ?? []).filter((alert) => !dismissible || belongsInShellBanner(alert));
  const alerts = visibleUsageAlerts(candidates, organization.id, new Set(dismissible ? dismissed : []), metrics);
  if (alerts.length === 0) return null;
  const canBill = permissionsForRole(organization.user_role).manageBilling;

  return (
    <Stack gap="xs" mb="md" data-testid={dismissible ? 'usage-alert-banner' : 'usage-alerts'}>
      {alerts.map((alert) => {
        const key = usageAlertKey(organization.id, alert);
        const severity = displayedSeverity(alert);
        return (
          <Alert
            key={key}
            color={usageAlertColor(severity)}
            title={usageAlertTitle(alert)}
            icon={severity === 'info' ? <IconInfoCircle aria-hidden /> : <IconAlertTriangle aria-hidden />}
            withCloseButton={dismissible}
            closeButtonLabel="Dismiss usage alert"
            onClose={() => setDismissed([...dismissed.filter((k) => k !== key), key])}
            data-severity={severity}
            data-testid="usage-alert"
          >
            <Text size="sm">
              {usageAlertText(alert)}{' '}
              {canBill ? (
                <Anchor component={Link} to="/app/billing" size="sm">
                  View plans and billing
                </Anchor>
              ) : (
                'Ask an owner of the organization about upgrading.'
              )}
            </Text>
          </Alert>
        );
      })}
    </Stack>
  );
}
