import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { ManagedList, ManagedListName } from '../../components/ManagedList';
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
    <ManagedList
      items={channels}
      columns={[
        { header: 'Channel', cell: (c) => <ManagedListName name={c.name} badges={[{ label: KIND_LABEL[c.kind], variant: 'light' }, !c.enabled && { label: 'Off', color: 'gray' }]} /> },
        { header: 'Sends to', cell: (c) => <Text size="sm">{target(c)}</Text> },
      ]}
      canManage={canManage}
      readOnlyNotice="Only owners and admins can change channels."
      createLabel="New channel"
      onCreate={() => setCreating(true)}
      minWidth={640}
      testId="alert-channels"
      rowTestId="alert-channel"
      rowKind={(c) => c.kind}
      rowActions={(c) => (
        <Button size="xs" variant="default" onClick={() => void sendTest(c.id)} loading={test.isPending && test.variables?.channelId === c.id} aria-label={`Send a test to ${c.name}`}>
          Send test
        </Button>
      )}
      emptyText="No channels yet. Adding a website creates an email channel to owners and admins."
      deletion={{
        title: 'Delete channel',
        confirmLabel: 'Delete channel',
        describe: (c) => <>Delete “{c.name}”? Rules stop sending to it and its delivery log is deleted.</>,
        remove: (c) => remove.mutateAsync({ channelId: c.id, organizationId }),
        pending: remove.isPending,
        success: ALERT_TOASTS.channelDeleted,
        failure: ALERT_TOASTS.channelDeleteFailed,
      }}
    >
      {creating && <ChannelFormModal organizationId={organizationId} customAllowed={customAllowed} onClose={() => setCreating(false)} />}
    </ManagedList>
  );
}
