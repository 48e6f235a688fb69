import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import { formatCurrency } from '../../../shared/format';
import { useBillingSummaryQuery } from '../../data/billing/billing-summary-query';
import { usePortalMutation } from '../../data/billing/billing-session-mutations';
import type { BillingSummary } from '../../data/billing/types';
import type { Organization } from '../../data/organizations/types';
import { formatDate } from '../../lib/dates';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { showToast } from '../../notifications/notify';
import { planName } from '../../../shared/plans';
import { BillingFact } from './BillingFact';
import { billingAttention, nextAmountLabel, planStatusLabel, type NoticeTone } from '../../data/billing/billing-status';

const TONE_COLOR: Record<NoticeTone, string> = { info: 'blue', warning: 'yellow', critical: 'red' };

/** The plan, where its subscription stands, the next renewal and what to do about it. */
export function CurrentPlanCard({ organization }: { organization: Organization }) {
  const summary = useBillingSummaryQuery(organization.id);
  const { billingEnabled } = useRuntimeConfig();
  const portal = usePortalMutation();
  const data = summary.data;
  const canOpenPortal = billingEnabled && Boolean(data?.has_billing_account);
  const openPortal = () =>
    portal.mutate({ organizationId: organization.id }, { onError: (err) => showToast('Billing management failed', err.message, 'destructive') });
  return (
    <Paper withBorder p="lg" radius="md" data-testid="billing-current-plan">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Current plan
          </Title>
          {canOpenPortal && (
            <Button variant="light" leftSection={<IconCreditCard size={16} aria-hidden />} loading={portal.isPending || portal.isSuccess} onClick={openPortal}>
              Manage billing
            </Button>
          )}
        </Group>
        {data && <Attention summary={data} billingEnabled={billingEnabled} canOpenPortal={canOpenPortal} loading={portal.isPending || portal.isSuccess} onFix={openPortal} />}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <BillingFact label="Plan" value={planName(data?.plan ?? organization.plan)} testId="billing-plan" />
          <BillingFact label="Status" value={data ? planStatusLabel(data) : '—'} testId="billing-status" />
          <BillingFact label="Features and limits" value={`${planName(data?.effective_plan ?? organization.plan)} plan`} testId="billing-effective-plan" />
          <BillingFact label="Trial ends" value={formatDate(data?.trial_ends_at ?? organization.trial_ends_at, 'No trial')} />
          <BillingFact label={data?.cancel_at_period_end ? 'Ends on' : 'Next renewal'} value={formatDate(data?.current_period_end ?? organization.current_period_end, '—')} testId="billing-renewal" />
          <BillingFact label="Next amount" value={nextAmountLabel(data)} testId="billing-next-amount" />
          <BillingFact label="Total paid" value={data ? formatCurrency(data.total_paid) : '—'} />
          <BillingFact label="Last invoice" value={formatDate(data?.last_invoice_at, 'None yet')} />
        </SimpleGrid>
        {!billingEnabled && (
          <Text size="sm" c="dimmed" data-testid="billing-managed-by-admin">
            Payments are not set up on this server: an administrator manages this organization&apos;s plan.
          </Text>
        )}
        {summary.isError && (
          <Text c="red.8" size="sm">
            The billing summary could not be loaded.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

interface AttentionProps {
  summary: BillingSummary;
  billingEnabled: boolean;
  canOpenPortal: boolean;
  loading: boolean;
  onFix: () => void;
}

/** A failed payment (with the grace end date), an ended trial or subscription, or a pending cancellation, with the fix-it button. */
function Attention({ summary, billingEnabled, canOpenPortal, loading, onFix }: AttentionProps) {
  const attention = billingAttention(summary, billingEnabled);
  if (!attention) return null;
  return (
    <Alert
      color={TONE_COLOR[attention.tone]}
      variant="light"
      title={attention.title}
      icon={attention.tone === 'info' ? <IconInfoCircle aria-hidden="true" /> : <IconAlertTriangle aria-hidden="true" />}
      data-testid="billing-attention"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="dark.7">
          {attention.message}
        </Text>
        {attention.action && canOpenPortal && (
          <Button size="xs" color={attention.tone === 'critical' ? 'red' : undefined} loading={loading} onClick={onFix}>
            {attention.action.label}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
