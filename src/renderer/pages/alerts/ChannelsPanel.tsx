import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ConfirmActionModal } from '../../components/ConfirmActionModal';
import { useDeleteAlertChannelMutation } from '../../data/alerts/delete-alert-channel-mutation';
import { useTestAlertChannelMutation } from '../../data/alerts/test-alert-channel-mutation';
import type { AlertChannel } from '../../data/alerts/types';
import { notify } from '../../notifications/notify';
import { errorMessage } from '../../notifications/toast-catalogue';
import { ChannelFormModal } from './ChannelFormModal';
import { ALERT_TOASTS } from './toasts';

const KIND_LABEL = { email: 'Email', slack: 'Slack', webhook: 'Webhook' } as const;

function target(c: AlertChannel): string {
  if (c.kind !== 'email') return c.target_hint ?? 'No URL saved';
  const who = [c.email_members ? 'Owners and admins' : null, ...c.email_recipients].filter(Boolean).join(', ') || 'Nobody';
  return c.daily_digest ? `${who} · daily digest` : who;
}

/** Where alerts go. Owners and admins add channels, send a test and delete them; the URLs are never shown again. */
export function ChannelsPanel({ organizationId, channels, canManage, customAllowed }: { organizationId: string; channels: AlertChannel[]; canManage: boolean; customAllowed: boolean }) {
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AlertChannel | null>(null);
  const test = useTestAlertChannelMutation();
  const remove = useDeleteAlertChannelMutation();

  async function sendTest(channelId: string) {
    try {
      await test.mutateAsync({ channelId, organizationId });
      notify(ALERT_TOASTS.testSent);
    } catch (err) {
      notify(ALERT_TOASTS.testFailed, errorMessage(err));
    }
  }

  return (
    <Stack>
      {!canManage && (
        <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
          Only owners and admins can change channels.
        </Alert>
      )}
      {canManage && (
        <Group justify="flex-end">
          <Button onClick={() => setCreating(true)}>New channel</Button>
        </Group>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" data-testid="alert-channels">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Channel</Table.Th>
              <Table.Th>Sends to</Table.Th>
              {canManage && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {channels.map((c) => (
              <Table.Tr key={c.id} data-testid="alert-channel" data-kind={c.kind}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {c.name}
                  </Text>
                  <Group gap={4}>
                    <Badge size="xs" variant="light">
                      {KIND_LABEL[c.kind]}
                    </Badge>
                    {!c.enabled && (
                      <Badge size="xs" color="gray">
                        Off
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{target(c)}</Text>
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <Group gap={6} wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="default" onClick={() => void sendTest(c.id)} loading={test.isPending && test.variables?.channelId === c.id} aria-label={`Send a test to ${c.name}`}>
                        Send test
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(c)} aria-label={`Delete ${c.name}`}>
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
      {channels.length === 0 && <Text c="dimmed">No channels yet. Adding a website creates an email channel to owners and admins.</Text>}
      {creating && <ChannelFormModal organizationId={organizationId} customAllowed={customAllowed} onClose={() => setCreating(false)} />}
      {deleting && (
        <ConfirmActionModal
          title="Delete channel"
          confirmLabel="Delete channel"
          action={() => remove.mutateAsync({ channelId: deleting.id, organizationId })}
          pending={remove.isPending}
          success={ALERT_TOASTS.channelDeleted}
          failure={ALERT_TOASTS.channelDeleteFailed}
          onClose={() => setDeleting(null)}
        >
          Delete “{deleting.name}”? Rules stop sending to it and its delivery log is deleted.
        </ConfirmActionModal>
      )}
    </Stack>
  );
}
