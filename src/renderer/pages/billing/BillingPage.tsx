import { useEffect } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, List, Loader, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCreditCard, IconMail } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { formatCurrency } from '../../../shared/format';
import { useBillingSummaryQuery } from '../../data/billing/billing-summary-query';
import { useCheckoutMutation, usePortalMutation, type CheckoutPlan } from '../../data/billing/billing-session-mutations';
import { billingKeys } from '../../data/billing/keys';
import type { BillingSummary } from '../../data/billing/types';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { showToast } from '../../notifications/notify';
import { planStatusLabel } from './billing-status';
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

const SELF_SERVICE_PLANS: readonly string[] = ['starter', 'pro'];

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
      <CheckoutReturn organizationId={organization.id} outcome={searchParams.get('checkout')} />
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

/** Back from Stripe Checkout: say how it went once, and read the plan again (the webhook may already have changed it). */
function CheckoutReturn({ organizationId, outcome }: { organizationId: string; outcome: string | null }) {
  const queryClient = useQueryClient();
  const [, setSearchParams] = useSearchParams();
  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'canceled') return;
    if (outcome === 'success') {
      showToast('Subscription started', 'Thank you! Your plan updates as soon as Stripe confirms the payment.', 'default');
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    } else {
      showToast('Checkout canceled', 'Nothing was charged and your plan is unchanged.', 'default');
    }
    setSearchParams(
      (current) => {
        current.delete('checkout');
        return current;
      },
      { replace: true },
    );
  }, [outcome, organizationId, queryClient, setSearchParams]);
  return null;
}

function CurrentPlan({ organization }: { organization: Organization }) {
  const summary = useBillingSummaryQuery(organization.id);
  const { billingEnabled } = useRuntimeConfig();
  const portal = usePortalMutation();
  const data = summary.data;
  const openPortal = () =>
    portal.mutate({ organizationId: organization.id }, { onError: (err) => showToast('Billing management failed', err.message, 'destructive') });
  return (
    <Paper withBorder p="lg" radius="md" data-testid="billing-current-plan">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Current plan
          </Title>
          {billingEnabled && data?.has_billing_account && (
            <Button variant="light" leftSection={<IconCreditCard size={16} aria-hidden />} loading={portal.isPending} onClick={openPortal}>
              Manage billing
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Fact label="Plan" value={planLabel(data?.plan ?? organization.plan)} />
          <Fact label="Status" value={data ? planStatusLabel({ ...data, trial_ends_at: data.trial_ends_at }) : planLabel(organization.subscription_status ?? 'active')} />
          <Fact label="Features and limits" value={`${planLabel(data?.effective_plan ?? organization.plan)} plan`} />
          <Fact label="Trial ends" value={formatDate(data?.trial_ends_at ?? organization.trial_ends_at, 'No trial')} />
          <Fact label="Next renewal" value={formatDate(data?.current_period_end ?? organization.current_period_end, '—')} />
          <Fact label="Next amount" value={nextAmount(data)} />
          <Fact label="Total paid" value={data ? formatCurrency(data.total_paid) : '—'} />
          <Fact label="Last invoice" value={formatDate(data?.last_invoice_at, 'None yet')} />
        </SimpleGrid>
        {!billingEnabled && (
          <Text size="sm" c="dimmed" data-testid="billing-managed-by-admin">
            Payments are not set up on this server: an administrator manages this organization&apos;s plan.
          </Text>
        )}
        {summary.isError && <Text c="red" size="sm">The billing summary could not be loaded.</Text>}
      </Stack>
    </Paper>
  );
}

function nextAmount(data: BillingSummary | null | undefined): string {
  if (!data) return '—';
  if (data.next_amount === null || data.cancel_at_period_end || ['canceled', 'trial_ended', 'unpaid'].includes(data.billing_state ?? '')) return formatCurrency(0);
  return `${formatCurrency(data.next_amount)} / month`;
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
      <PlanListNote />
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

function PlanListNote() {
  const { billingEnabled } = useRuntimeConfig();
  return (
    <Text size="sm" c="dimmed">
      {billingEnabled
        ? 'Paid plans are billed monthly through Stripe; cancel any time under Manage billing. Enterprise is arranged with our sales team.'
        : 'Plan changes on this server are made by an administrator.'}
    </Text>
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
        <PlanAction plan={plan} organization={organization} kind={kind} />
      </Stack>
    </Card>
  );
}

const WRAPPING_BUTTON = {
  fullWidth: true,
  // Four plan cards share the row at 1440 px; the label wraps instead of being cut off.
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } },
} as const;

/** Stripe Checkout for Starter and Pro, the Customer Portal to change or cancel a subscription, sales for Enterprise. */
function PlanAction({ plan, organization, kind }: { plan: PlanLimits; organization: Organization; kind: ReturnType<typeof planCardKind> }) {
  const { billingEnabled } = useRuntimeConfig();
  const summary = useBillingSummaryQuery(organization.id);
  const checkout = useCheckoutMutation();
  const portal = usePortalMutation();
  if (!billingEnabled) return null;
  const variant = kind === 'required' ? 'filled' : 'light';
  const verb = kind === 'downgrade' ? 'Switch to' : 'Upgrade to';
  if (plan.plan === 'enterprise') {
    return (
      <Button component="a" href={planChangeMailto(CONTACT_EMAIL, organization, organization.plan, plan.plan)} variant={variant} leftSection={<IconMail size={16} aria-hidden />} {...WRAPPING_BUTTON}>
        Contact sales
      </Button>
    );
  }
  const state = summary.data?.billing_state ?? null;
  const subscribed = Boolean(summary.data?.has_billing_account) && ['active', 'trialing', 'past_due'].includes(state ?? '') && organization.stripe_subscription_id != null;
  const onError = (err: Error) => showToast(`${verb} ${plan.display_name} failed`, err.message, 'destructive');
  if (kind === 'current') {
    // A trial, or a plan whose subscription lapsed, is kept by subscribing to it.
    if (subscribed || state === 'free' || state === null || !SELF_SERVICE_PLANS.includes(plan.plan)) return null;
    return (
      <Button
        variant="filled"
        leftSection={<IconCreditCard size={16} aria-hidden />}
        loading={checkout.isPending}
        onClick={() => checkout.mutate({ organizationId: organization.id, plan: plan.plan as CheckoutPlan }, { onError })}
        {...WRAPPING_BUTTON}
      >
        {`Subscribe to ${plan.display_name}`}
      </Button>
    );
  }
  if (plan.plan === 'free' || subscribed) {
    // Changing or ending a running subscription happens in Stripe's portal (prorated there).
    if (!summary.data?.has_billing_account) return null;
    return (
      <Button variant="default" loading={portal.isPending} onClick={() => portal.mutate({ organizationId: organization.id }, { onError })} {...WRAPPING_BUTTON}>
        {plan.plan === 'free' ? 'Cancel under Manage billing' : `${verb} ${plan.display_name} under Manage billing`}
      </Button>
    );
  }
  if (!SELF_SERVICE_PLANS.includes(plan.plan)) return null;
  return (
    <Button
      variant={variant}
      leftSection={<IconCreditCard size={16} aria-hidden />}
      loading={checkout.isPending && checkout.variables?.plan === plan.plan}
      onClick={() => checkout.mutate({ organizationId: organization.id, plan: plan.plan as CheckoutPlan }, { onError })}
      {...WRAPPING_BUTTON}
    >
      {`${verb} ${plan.display_name}`}
    </Button>
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
                <Table.Th>Number</Table.Th>
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
                  <Table.Td>{invoice.number ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(invoice.created_at)}</Table.Td>
                  <Table.Td>
                    {formatDate(invoice.period_start)} – {formatDate(invoice.period_end)}
                  </Table.Td>
                  <Table.Td>{formatCurrency(invoice.amount_due, invoice.currency.toUpperCase())}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={invoice.status === 'paid' ? 'teal' : invoice.status === 'open' ? 'yellow' : 'gray'} c={invoice.status === 'open' ? 'yellow.9' : undefined}>
                      {planLabel(invoice.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      {invoice.hosted_invoice_url && (
                        <Anchor href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer" underline="always">
                          View<VisuallyHidden> invoice {invoice.number ?? ''}</VisuallyHidden>
                        </Anchor>
                      )}
                      {invoice.invoice_pdf && (
                        <Anchor href={invoice.invoice_pdf} target="_blank" rel="noreferrer" underline="always">
                          PDF<VisuallyHidden> of invoice {invoice.number ?? ''}</VisuallyHidden>
                        </Anchor>
                      )}
                      {!invoice.hosted_invoice_url && !invoice.invoice_pdf && '—'}
                    </Group>
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
