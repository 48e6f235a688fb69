import { Anchor, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { UNLIMITED, type UsageMetric } from '../../../../shared/plans';
import { useUsageStatusQuery } from '../../../data/billing/usage-status-query';
import type { Organization } from '../../../data/organizations/types';
import { formatLimit, usageBarColor } from '../../../data/billing/usage-alerts';
import { formatCompactNumber } from '../../../../shared/format';

const LABELS: Record<UsageMetric, string> = {
  monthly_requests: 'Requests this month',
  websites: 'Websites',
  team_members: 'Team members',
  custom_rules: 'Custom rules',
};

/** Usage against the plan's limits (rpc get_organization_usage_status). */
export function UsageCard({ organization }: { organization: Organization }) {
  const usage = useUsageStatusQuery(organization.id);
  return (
    <Paper withBorder p="md" radius="md" data-testid="usage-card">
      <Title order={2} size="h5" mb="sm">
        Usage this month
      </Title>
      {usage.isPending ? (
        <Text size="sm" c="dimmed">
          Loading usage…
        </Text>
      ) : usage.isError || !usage.data ? (
        <Text size="sm" c="red">
          Usage could not be loaded.
        </Text>
      ) : (
        <Stack gap="sm">
          {(['monthly_requests', 'websites', 'custom_rules'] as const).map((metric) => {
            const used = usage.data.usage[metric] ?? 0;
            const limit = usage.data.limits[metric];
            const pct = limit === undefined || limit === UNLIMITED || limit <= 0 ? 0 : Math.min(100, (used / limit) * 100);
            if (limit === 0 && used === 0) {
              // "0 / 0" with an empty bar says nothing: the feature is simply not in this plan.
              return (
                <Group key={metric} justify="space-between" data-testid={`usage-${metric}`}>
                  <Text size="sm">{LABELS[metric]}</Text>
                  <Text size="sm" c="dimmed">
                    Not in your plan
                  </Text>
                </Group>
              );
            }
            return (
              <div key={metric} data-testid={`usage-${metric}`}>
                <Group justify="space-between">
                  <Text size="sm">{LABELS[metric]}</Text>
                  <Text size="sm" fw={600}>
                    {formatCompactNumber(used)} / {limit === undefined ? '?' : limit === UNLIMITED ? formatLimit(limit) : formatCompactNumber(limit)}
                  </Text>
                </Group>
                <Progress
                  value={pct}
                  color={limit === undefined ? 'teal' : usageBarColor(metric, used, limit)}
                  size="sm"
                  aria-label={`${LABELS[metric]}: ${used} of ${limit === undefined ? 'unknown' : formatLimit(limit)}`}
                  data-color={limit === undefined ? 'teal' : usageBarColor(metric, used, limit)}
                />
              </div>
            );
          })}
          {permissionsText(organization)}
        </Stack>
      )}
    </Paper>
  );
}

function permissionsText(organization: Organization) {
  if (organization.user_role !== 'owner') return null;
  return (
    <Anchor component={Link} to="/app/billing" size="sm">
      View plans and billing
    </Anchor>
  );
}
