import { useState } from 'react';
import { Alert, Anchor, Button, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ManagedList, ManagedListName } from '../../components/ManagedList';
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
  const remove = useDeleteAlertRuleMutation();
  const siteName = (id: string | null) => (id ? (websites.find((w) => w.id === id)?.name ?? 'A deleted website') : 'All websites');
  const channelNames = (ids: string[]) => ids.map((id) => channels.find((c) => c.id === id)?.name).filter(Boolean).join(', ') || 'Nobody';

  return (
    <ManagedList
      items={rules}
      columns={[
        {
          header: 'Rule',
          cell: (r) => (
            <ManagedListName
              name={r.name}
              badges={[{ label: KINDS[r.kind].label, variant: 'light' }, r.is_default && { label: 'Default', variant: 'outline', color: 'gray' }, !r.enabled && { label: 'Off', color: 'gray' }]}
            />
          ),
        },
        { header: 'Websites', cell: (r) => (r.kind === 'usage' ? 'Whole organization' : siteName(r.website_id)) },
        { header: 'Condition', cell: (r) => <Text size="sm">{describeParams(r.kind, r.params)}</Text> },
        { header: 'Notify', cell: (r) => channelNames(r.channel_ids) },
      ]}
      canManage={canManage}
      readOnlyNotice="Only owners and admins can change alert rules."
      readOnlyTestId="alert-rules-read-only"
      managerNotice={
        !customAllowed && (
          <Alert color="blue" icon={<IconInfoCircle aria-hidden />} data-testid="alert-rules-gate">
            Your plan includes the default rules of every website with email. Custom rules, Slack and webhooks come with the Starter plan.{' '}
            <Anchor component={Link} to={upgradeTo}>
              See plans
            </Anchor>
          </Alert>
        )
      }
      createLabel="New rule"
      onCreate={customAllowed ? () => setEditing('new') : undefined}
      minWidth={720}
      testId="alert-rules"
      rowTestId="alert-rule"
      rowKind={(r) => r.kind}
      rowActions={(r) => (
        <Button size="xs" variant="default" onClick={() => setEditing(r)} aria-label={`Edit ${r.name}`}>
          Edit
        </Button>
      )}
      emptyText="No alert rules yet. Every website you add comes with the default rules."
      deletion={{
        title: 'Delete alert rule',
        confirmLabel: 'Delete rule',
        describe: (r) => <>Delete “{r.name}”? Its alerts and their history are deleted with it.</>,
        remove: (r) => remove.mutateAsync({ ruleId: r.id, organizationId }),
        pending: remove.isPending,
        success: ALERT_TOASTS.ruleDeleted,
        failure: ALERT_TOASTS.ruleDeleteFailed,
      }}
    >
      {editing && <RuleFormModal organizationId={organizationId} rule={editing === 'new' ? null : editing} websites={websites} channels={channels} onClose={() => setEditing(null)} />}
    </ManagedList>
  );
}
