import { Button, type ButtonProps } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { planName } from '../../../shared/plans';
import { useAskForPlanMutation, useLatestPlanRequestQuery } from '../../data/billing/plan-change-request';
import { showToast } from '../../notifications/notify';

/**
 * Without Stripe, an owner asks the server's super admins for a plan: one open request per
 * organization (the database refuses a second), so the button is off while one waits.
 */
export function AskForPlanButton({ organizationId, plan, ...button }: { organizationId: string; plan: string } & ButtonProps) {
  const latest = useLatestPlanRequestQuery(organizationId);
  const ask = useAskForPlanMutation();
  const pending = latest.data?.status === 'open';
  const onClick = () =>
    ask.mutate(
      { organizationId, plan },
      {
        onSuccess: () => showToast('Plan change requested', `An administrator of this server will review your request for ${planName(plan)}.`, 'default'),
        onError: (err) => showToast('Plan change request failed', err.message, 'destructive'),
      },
    );
  return (
    <Button leftSection={<IconSend size={16} aria-hidden />} disabled={pending || latest.isPending} loading={ask.isPending} onClick={onClick} {...button}>
      {`Ask for ${planName(plan)}`}
    </Button>
  );
}
