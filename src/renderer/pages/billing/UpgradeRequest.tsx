import { Alert } from '@mantine/core';
import { planName } from '../../../shared/plans';
import type { BillingParams } from '../../data/billing/billing-params';

/** Why the user was sent to billing (?upgrade=&feature=&current=), e.g. "Custom Rules requires the Pro plan". */
export function UpgradeRequest({ params, explanation }: { params: BillingParams; explanation: string }) {
  return (
    <Alert color="blue" title={`Upgrade to ${planName(params.upgrade ?? '')}`} data-testid="billing-upgrade-request">
      {explanation}
    </Alert>
  );
}
