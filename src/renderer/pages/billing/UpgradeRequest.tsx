import { Alert, Stack, Text } from '@mantine/core';
import { normalizePlan, planName } from '../../../shared/plans';
import type { BillingParams } from '../../data/billing/billing-params';
import { AskForPlanButton } from './AskForPlanButton';

/**
 * Why the user was sent to billing (?upgrade=&feature=&current=), e.g. "Custom Rules requires the
 * Pro plan". `askAs` (an owner's organization on a server without Stripe) adds the button that
 * asks the server's super admins for that plan, so the upgrade link never ends here.
 */
export function UpgradeRequest({ params, explanation, askAs }: { params: BillingParams; explanation: string; askAs?: { organizationId: string; currentPlan: string } }) {
  const wanted = params.upgrade ? normalizePlan(params.upgrade.toLowerCase()) : null;
  return (
    <Alert color="blue" title={`Upgrade to ${planName(params.upgrade ?? '')}`} data-testid="billing-upgrade-request">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{explanation}</Text>
        {askAs && wanted && wanted !== normalizePlan(askAs.currentPlan) && <AskForPlanButton organizationId={askAs.organizationId} plan={wanted} size="sm" />}
      </Stack>
    </Alert>
  );
}
