import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import { NoAccess } from '../../components/RequirePermission';
import { permissionsForRole } from '../../data/organizations/role-permissions';
import { UsageAlerts } from '../../components/UsageAlerts';
import { parseBillingParams, upgradeExplanation } from '../../data/billing/billing-params';
import { CheckoutReturn } from './CheckoutReturn';
import { CurrentPlanCard } from './CurrentPlanCard';
import { InvoicesTable } from './InvoicesTable';
import { PlanList } from './PlanList';
import { UpgradeRequest } from './UpgradeRequest';
import { UsageSection } from './UsageSection';
import { PlanRequestPanel } from './PlanRequestPanel';
import { useRuntimeConfig } from '../../lib/runtime-config-context';

const TITLE = 'Billing & Plans';

/** /app/billing: the owner's plan, usage, plans and invoices; anyone else sees why they cannot. */
export function BillingPage() {
  const [searchParams] = useSearchParams();
  const params = parseBillingParams(searchParams);
  const { organization } = useCurrentOrganization();
  const { billingEnabled } = useRuntimeConfig();
  if (!organization) return null;
  const explanation = upgradeExplanation(params);

  if (!permissionsForRole(organization.user_role).manageBilling) {
    return (
      <Stack gap="md">
        {explanation && <UpgradeRequest params={params} explanation={explanation} />}
        <NoAccess
          title={TITLE}
          role={organization.user_role}
          message="Only an owner of the organization can see and manage billing. Ask an owner to change the plan."
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        <Text c="dimmed">Your subscription, usage and invoices.</Text>
      </Stack>
      <CheckoutReturn />
      {explanation && <UpgradeRequest params={params} explanation={explanation} askAs={billingEnabled ? undefined : { organizationId: organization.id, currentPlan: organization.plan }} />}
      <UsageAlerts organization={organization} />
      <CurrentPlanCard organization={organization} />
      <UsageSection organization={organization} />
      {!billingEnabled && <PlanRequestPanel organization={organization} />}
      <PlanList organization={organization} requiredPlan={params.upgrade} />
      <InvoicesTable organization={organization} />
    </Stack>
  );
}
