import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { planName } from '../../../../shared/plans';
import { ActionModal } from './ActionModal';
import type { PlanChangeRequest } from '../../../../shared/super-admin-console';
import { formatDate } from './format';
import { useConsoleQuery } from './use-console';

type Decision = { request: PlanChangeRequest; verb: 'approve' | 'decline' } | null;

/**
 * Open plan-change requests from owners (servers without Stripe): approving applies the plan
 * through the change-plan action; declining tells the owner why. Both are audited.
 */
export function PlanRequestsPanel() {
  const { data, error } = useConsoleQuery<{ rows: PlanChangeRequest[] }>('plan-requests?status=open');
  const [decision, setDecision] = useState<Decision>(null);
  if (error) return <Alert color="red">{error.message}</Alert>;
  if (!data || data.rows.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="plan-requests-heading" data-testid="plan-requests">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="plan-requests-heading">
          Plan change requests
        </Title>
        <Text fz="sm" c="dimmed">
          Owners ask here for a plan while this server takes no payments. Approve applies the plan (as Change plan does); decline tells the owner your reason.
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Organization</Table.Th>
                <Table.Th>Change</Table.Th>
                <Table.Th>Asked by</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th>Asked on</Table.Th>
                <Table.Th>Decision</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((r) => (
                <Table.Tr key={r.id} data-testid="plan-request">
                  <Table.Td>
                    <Anchor component={Link} to={`/super-admin/organizations/${r.organization_id}`} underline="always">
                      {r.organization_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{`${planName(r.organization_plan)} → ${planName(r.requested_plan)}`}</Table.Td>
                  <Table.Td>{r.requested_by_email ?? '—'}</Table.Td>
                  <Table.Td>{r.message ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(r.created_at)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" onClick={() => setDecision({ request: r, verb: 'approve' })} aria-label={`Approve ${planName(r.requested_plan)} for ${r.organization_name}`}>
                        Approve
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setDecision({ request: r, verb: 'decline' })} aria-label={`Decline ${planName(r.requested_plan)} for ${r.organization_name}`}>
                        Decline
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      {decision && (
        <ActionModal
          opened
          onClose={() => setDecision(null)}
          title={`${decision.verb === 'approve' ? 'Approve' : 'Decline'} ${planName(decision.request.requested_plan)} for ${decision.request.organization_name}`}
          path={`plan-requests/${decision.request.id}/${decision.verb}`}
          submitLabel={decision.verb === 'approve' ? `Change plan to ${planName(decision.request.requested_plan)}` : 'Decline request'}
        />
      )}
    </Paper>
  );
}
