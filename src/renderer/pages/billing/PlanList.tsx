import { Alert, Badge, Card, Group, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatCurrency } from '../../../shared/format';
import { usePlanListQuery } from '../../data/billing/plan-list-query';
import type { PlanLimits } from '../../data/billing/types';
import type { Organization } from '../../data/organizations/types';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { planLimitLines } from '../../../shared/plans';
import { planCardKind, type PlanCardKind } from './billing-rules';
import { PlanAction } from './PlanAction';

/** Every active plan, cheapest first (free → starter → pro, then enterprise), the one an upgrade link asked for highlighted. */
export function PlanList({ organization, requiredPlan }: { organization: Organization; requiredPlan: string | null }) {
  const plans = usePlanListQuery();
  const { billingEnabled } = useRuntimeConfig();
  return (
    <Stack>
      <Title order={2} size="h4">
        Plans
      </Title>
      <Text size="sm" c="dimmed">
        {billingEnabled
          ? 'Paid plans are billed monthly through Stripe; cancel any time under Manage billing. Enterprise is arranged with our sales team.'
          : 'This server takes no payments: ask for a plan and one of its super admins changes it for you.'}
      </Text>
      {plans.isPending ? (
        <Loader size="sm" aria-label="Loading plans" />
      ) : plans.isError ? (
        <Alert color="red">The plans could not be loaded.</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {plans.data.map((plan) => (
            <PlanCard key={plan.plan} plan={plan} organization={organization} kind={planCardKind(plan.plan, organization.plan, requiredPlan)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function PlanCard({ plan, organization, kind }: { plan: PlanLimits; organization: Organization; kind: PlanCardKind }) {
  const highlighted = kind === 'required';
  return (
    <Card
      withBorder
      radius="md"
      p="lg"
      data-testid={`plan-card-${plan.plan}`}
      data-kind={kind}
      style={highlighted ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {plan.display_name}
          </Title>
          {kind === 'current' && <Badge color="teal">Current plan</Badge>}
          {highlighted && <Badge color="blue">Recommended</Badge>}
        </Group>
        <Text fw={700} size="xl">
          {formatCurrency(plan.monthly_price)}
          <Text span size="sm" c="dimmed" fw={400}>
            {' '}
            / month
          </Text>
        </Text>
        <List size="sm" spacing={4}>
          {planLimitLines(plan).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <PlanAction plan={plan} organization={organization} kind={kind} />
      </Stack>
    </Card>
  );
}
