import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ConfirmActionModal } from '../../components/ConfirmActionModal';
import { useDeleteAlertRuleMutation } from '../../data/alerts/delete-alert-rule-mutation';
import type { AlertChannel, AlertRule } from '../../data/alerts/types';
import { describeParams, KINDS } from './rule-kinds';
import { RuleFormModal } from './RuleFormModal';
import { ALERT_TOASTS } from './toasts';

interface RulesPanelProps {
  organizationId: string;
  rules: AlertRule[];
  channels: AlertChannel[];
  websites: Array<{ id: string; name: string }>;
  canManage: boolean;
  customAllowed: boolean;
  upgradeTo: string;
}

/** The organization's alert rules; owners and admins create (custom_alerts), edit and delete them. */
export function RulesPanel({ organizationId, rules, channels, websites, canManage, customAllowed, upgradeTo }: RulesPanelProps) {
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  const remove = useDeleteAlertRuleMutation();
  const siteName = (id: string | null) => (id ? (websites.find((w) => w.id === id)?.name ?? 'A deleted website') : 'All websites');
  const channelNames = (ids: string[]) => ids.map((id) => channels.find((c) => c.id === id)?.name).filter(Boolean).join(', ') || 'Nobody';

  return (
    <Stack>
      {!canManage && (
        <Alert color="gray" icon={<IconInfoCircle aria-hidden />} data-testid="alert-rules-read-only">
          Only owners and admins can change alert rules.
        </Alert>
      )}
      {canManage && !customAllowed && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />} data-testid="alert-rules-gate">
          Your plan includes the default rules of every website with email. Custom rules, Slack and webhooks come with the Starter plan.{' '}
          <Anchor component={Link} to={upgradeTo}>
            See plans
          </Anchor>
        </Alert>
      )}
      {canManage && customAllowed && (
        <Group justify="flex-end">
          <Button onClick={() => setEditing('new')}>New rule</Button>
        </Group>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" data-testid="alert-rules">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rule</Table.Th>
              <Table.Th>Websites</Table.Th>
              <Table.Th>Condition</Table.Th>
              <Table.Th>Notify</Table.Th>
              {canManage && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.map((r) => (
              <Table.Tr key={r.id} data-testid="alert-rule" data-kind={r.kind}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {r.name}
                  </Text>
                  <Group gap={4}>
                    <Badge size="xs" variant="light">
                      {KINDS[r.kind].label}
                    </Badge>
                    {r.is_default && (
                      <Badge size="xs" variant="outline" color="gray">
                        Default
                      </Badge>
                    )}
                    {!r.enabled && (
                      <Badge size="xs" color="gray">
                        Off
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{r.kind === 'usage' ? 'Whole organization' : siteName(r.website_id)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{describeParams(r.kind, r.params)}</Text>
                </Table.Td>
                <Table.Td>{channelNames(r.channel_ids)}</Table.Td>
                {canManage && (
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="default" onClick={() => setEditing(r)} aria-label={`Edit ${r.name}`}>
                        Edit
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(r)} aria-label={`Delete ${r.name}`}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rules.length === 0 && <Text c="dimmed">No alert rules yet. Every website you add comes with the default rules.</Text>}
      {editing && (
        <RuleFormModal organizationId={organizationId} rule={editing === 'new' ? null : editing} websites={websites} channels={channels} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmActionModal
          title="Delete alert rule"
          confirmLabel="Delete rule"
          action={() => remove.mutateAsync({ ruleId: deleting.id, organizationId })}
          pending={remove.isPending}
          success={ALERT_TOASTS.ruleDeleted}
          failure={ALERT_TOASTS.ruleDeleteFailed}
          onClose={() => setDeleting(null)}
        >
          Delete “{deleting.name}”? Its alerts and their history are deleted with it.
        </ConfirmActionModal>
      )}
    </Stack>
  );
}
