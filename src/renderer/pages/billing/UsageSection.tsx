import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { USAGE_METRICS } from '../../../shared/plans';
import { useUsageStatusQuery } from '../../data/billing/usage-status-query';
import type { Organization } from '../../data/organizations/types';
import { formatUsageOfLimit } from '../../../shared/format';
import { USAGE_METRIC_LABELS } from '../../data/billing/usage-alerts';
import { BillingFact } from './BillingFact';

/** Usage this month against the limits of the plan that applies now (rpc get_organization_usage_status). */
export function UsageSection({ organization }: { organization: Organization }) {
  const usage = useUsageStatusQuery(organization.id);
  if (!usage.data) return null;
  return (
    <Paper withBorder p="lg" radius="md" data-testid="billing-usage">
      <Stack>
        <Title order={2} size="h4">
          Usage this month
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {USAGE_METRICS.map((metric) => {
            const limit = usage.data.limits[metric];
            const used = usage.data.usage[metric] ?? 0;
            const label = USAGE_METRIC_LABELS[metric];
            return (
              <BillingFact
                key={metric}
                label={label.charAt(0).toUpperCase() + label.slice(1)}
                value={formatUsageOfLimit(used, limit)}
              />
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
