import { Alert } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { PlaceholderPage } from './PlaceholderPage';
import { featureLabel, parseBillingParams, planLabel } from './billing-params';

export function BillingPage() {
  const [searchParams] = useSearchParams();
  const { upgrade, feature, current } = parseBillingParams(searchParams);
  return (
    <PlaceholderPage title="Billing & Plans" description="Your subscription, usage and invoices.">
      {upgrade && (
        <Alert color="blue" title={`Upgrade to ${planLabel(upgrade)}`} data-testid="billing-upgrade-request">
          {feature ? `${featureLabel(feature)} needs the ${planLabel(upgrade)} plan` : `The ${planLabel(upgrade)} plan is selected`}
          {current ? ` (you are on ${planLabel(current)}).` : '.'}
        </Alert>
      )}
    </PlaceholderPage>
  );
}
