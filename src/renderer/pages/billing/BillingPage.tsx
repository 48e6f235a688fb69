import { Alert, Anchor, Badge, Button, Card, Group, List, Loader, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { formatCurrency } from '../../../shared/format';
import { useBillingSummaryQuery } from '../../data/billing/billing-summary-query';
import { useInvoicesQuery } from '../../data/billing/invoices-query';
import { usePlanListQuery } from '../../data/billing/plan-list-query';
import type { PlanLimits } from '../../data/billing/types';
import { useUsageStatusQuery } from '../../data/billing/usage-status-query';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import type { Organization } from '../../data/organizations/types';
import { formatDate } from '../../lib/dates';
import { CONTACT_EMAIL } from '../marketing/data/site';
import { NoAccess } from '../../routing/RequirePermission';
import { permissionsForRole } from '../../shell/role-permissions';
import { UsageAlerts } from '../../shell/UsageAlerts';
import { USAGE_METRIC_LABELS, formatLimit } from '../../shell/usage-alerts';
import { USAGE_METRICS } from '../../../shared/plans';
import { parseBillingParams, planLabel, upgradeExplanation, type BillingParams } from '../app/billing-params';
import { planCardKind, planChangeMailto } from './billing-rules';

const TITLE = 'Billing & Plans';

/** /app/billing: the owner's plan, usage, plans and invoices; anyone else sees why they cannot. */
export function BillingPage() {
  const [searchParams] = useSearchParams();
  const params = parseBillingParams(searchParams);
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  const explanation = upgradeExplanation(params);

  if (!permissionsForRole(organization.user_role).manageBilling) {
    return (
      <Stack gap="md">
        {explanation && <UpgradeRequest params={params} explanation={explanation} />}
        <NoAccess
          title={TITLE}
          role={organization.user_role}
          message="Only an owner of the organization can see and manage billing. Ask an owner to change the plan."
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        <Text c="dimmed">Your subscription, usage and invoices.</Text>
      </Stack>
      {explanation && <UpgradeRequest params={params} explanation={explanation} />}
      <UsageAlerts organization={organization} />
      <CurrentPlan organization={organization} />
      <UsageSection organization={organization} />
      <PlanList organization={organization} requiredPlan={params.upgrade} />
      <Invoices organization={organization} />
    </Stack>
  );
}

function UpgradeRequest({ params, explanation }: { params: BillingParams; explanation: string }) {
  return (
    <Alert color="blue" title={`Upgrade to ${planLabel(params.upgrade ?? '')}`} data-testid="billing-upgrade-request">
      {explanation}
    </Alert>
  );
}

function CurrentPlan({ organization }: { organization: Organization }) {
  const summary = useBillingSummaryQuery(organization.id);
  const data = summary.data;
  return (
    <Paper withBorder p="lg" radius="md" data-testid="billing-current-plan">
      <Stack>
        <Title order={2} size="h4">
          Current plan
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Fact label="Plan" value={planLabel(organization.plan)} />
          <Fact label="Status" value={planLabel(data?.subscription_status ?? organization.subscription_status ?? 'active')} />
          <Fact label="Trial ends" value={formatDate(data?.trial_ends_at ?? organization.trial_ends_at, 'No trial')} />
          <Fact label="Current period ends" value={formatDate(data?.current_period_end ?? organization.current_period_end, '—')} />
          <Fact label="Monthly price" value={data?.monthly_price != null ? formatCurrency(data.monthly_price) : '—'} />
          <Fact label="Invoices" value={data ? String(data.invoice_count) : '—'} />
          <Fact label="Total paid" value={data ? formatCurrency(data.total_paid) : '—'} />
          <Fact label="Last invoice" value={formatDate(data?.last_invoice_at, 'None yet')} />
        </SimpleGrid>
        {summary.isError && <Text c="red" size="sm">The billing summary could not be loaded.</Text>}
      </Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}

function UsageSection({ organization }: { organization: Organization }) {
  const usage = useUsageStatusQuery(organization.id);
  if (!usage.data) return null;
  return (
    <Paper withBorder p="lg" radius="md">
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
              <Fact
                key={metric}
                label={label.charAt(0).toUpperCase() + label.slice(1)}
                value={`${formatLimit(used)} of ${limit === undefined ? '—' : formatLimit(limit)}`}
              />
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function PlanList({ organization, requiredPlan }: { organization: Organization; requiredPlan: string | null }) {
  const plans = usePlanListQuery();
  return (
    <Stack>
      <Title order={2} size="h4">
        Plans
      </Title>
      <Text size="sm" c="dimmed">
        Online payments are not connected yet, so plan changes are made by our team: choose a plan to email us and we will switch your
        organization.
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

function PlanCard({ plan, organization, kind }: { plan: PlanLimits; organization: Organization; kind: ReturnType<typeof planCardKind> }) {
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
          <List.Item>Monthly requests: {formatLimit(plan.monthly_requests)}</List.Item>
          <List.Item>Websites: {formatLimit(plan.max_websites)}</List.Item>
          <List.Item>Team members: {formatLimit(plan.max_team_members)}</List.Item>
          <List.Item>Custom rules: {formatLimit(plan.max_custom_rules)}</List.Item>
          <List.Item>Data retention: {plan.retention_days} days</List.Item>
        </List>
        {kind !== 'current' && (
          <Tooltip label="Plan changes go through our sales team until online payments are available" withArrow>
            <Button
              component="a"
              href={planChangeMailto(CONTACT_EMAIL, organization, organization.plan, plan.plan)}
              variant={highlighted ? 'filled' : 'light'}
              leftSection={<IconMail size={16} aria-hidden />}
              fullWidth
              // Four plan cards share the row at 1440 px; the label wraps instead of being cut off.
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
            >
              {kind === 'downgrade' ? 'Contact sales to change plan' : 'Contact sales to upgrade'}
            </Button>
          </Tooltip>
        )}
      </Stack>
    </Card>
  );
}

function Invoices({ organization }: { organization: Organization }) {
  const invoices = useInvoicesQuery(organization.id);
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          Invoices
        </Title>
        {invoices.isPending ? (
          <Loader size="sm" aria-label="Loading invoices" />
        ) : invoices.isError ? (
          <Alert color="red">The invoices could not be loaded.</Alert>
        ) : invoices.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No invoices yet.
          </Text>
        ) : (
          <Table aria-label="Invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Period</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Invoice</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>{formatDate(invoice.created_at)}</Table.Td>
                  <Table.Td>
                    {formatDate(invoice.period_start)} – {formatDate(invoice.period_end)}
                  </Table.Td>
                  <Table.Td>{formatCurrency(invoice.amount_due, invoice.currency.toUpperCase())}</Table.Td>
                  <Table.Td>{planLabel(invoice.status)}</Table.Td>
                  <Table.Td>
                    {invoice.hosted_invoice_url ? (
                      <Anchor href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer">
                        View
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
