import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { planName } from '../../../shared/plans';
import { useLatestPlanRequestQuery, type PlanChangeRequest } from '../../data/billing/plan-change-request';
import type { Organization } from '../../data/organizations/types';
import { formatDate } from '../../lib/dates';

const STATE_COLOR: Record<PlanChangeRequest['status'], string> = { open: 'blue', approved: 'teal', declined: 'gray' };

/** Where a request stands, in the owner's words. */
export function planRequestStateText(r: PlanChangeRequest): string {
  const plan = planName(r.requested_plan);
  if (r.status === 'open') return `You asked for ${plan} on ${formatDate(r.created_at)}. Waiting for an administrator of this server.`;
  if (r.status === 'approved') return `Your request for ${plan} was approved on ${formatDate(r.decided_at)}.`;
  return `Your request for ${plan} was declined on ${formatDate(r.decided_at)}${r.decision_reason ? `: ${r.decision_reason}` : '.'}`;
}

/**
 * Servers without Stripe: who changes plans (the server's super admins, in their console) and the
 * state of this organization's latest request.
 */
export function PlanRequestPanel({ organization }: { organization: Organization }) {
  const latest = useLatestPlanRequestQuery(organization.id);
  return (
    <Paper withBorder p="lg" radius="md" data-testid="billing-plan-requests">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Changing plan on this server
        </Title>
        <Text size="sm">
          This server takes no payments, so plans are changed by its super admins: the people who run this Tracklint server (their accounts are made with{' '}
          <Text span ff="monospace" size="sm">
            npm run create-super-admin
          </Text>
          ). They do it in the super-admin console, under Organizations → {organization.name} → Change plan. Ask for a plan below and your request shows up there.
        </Text>
        {latest.data && (
          <Alert color={STATE_COLOR[latest.data.status]} variant="light" title={`Plan change request: ${latest.data.status}`} data-testid="billing-plan-request-state">
            {planRequestStateText(latest.data)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
