import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import type { Organization } from '../data/organizations/types';
import { usePlanStateQuery } from '../data/billing/plan-state-query';
import { planNotice } from '../data/billing/billing-status';
import { useRuntimeConfig } from '../lib/runtime-config-context';
import { permissionsForRole } from '../data/organizations/role-permissions';

const TONE_COLOR = { info: 'blue', warning: 'yellow', critical: 'red' } as const;

/** Says why the organization's features changed (or are about to) and, to owners, how to fix it. */
export function PlanNotice({ organization, fallback }: { organization: Organization; fallback: React.ReactNode }) {
  const state = usePlanStateQuery(organization.id, organization.plan);
  const { billingEnabled } = useRuntimeConfig();
  const { pathname } = useLocation();
  const owner = permissionsForRole(organization.user_role).manageBilling;
  // An owner's billing page says the same with its fix-it button (CurrentPlanCard): not twice.
  const onOwnBillingPage = owner && pathname.replace(/\/+$/, '') === '/app/billing';
  const notice = state.data && !onOwnBillingPage ? planNotice(state.data, billingEnabled) : null;
  if (!notice) return <>{fallback}</>;
  return (
    <Alert
      color={TONE_COLOR[notice.tone]}
      variant="light"
      icon={notice.tone === 'info' ? <IconInfoCircle aria-hidden="true" /> : <IconAlertTriangle aria-hidden="true" />}
      title={notice.title}
      role={notice.tone === 'critical' ? 'alert' : 'status'}
      mb="md"
      data-testid="plan-notice"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dark.7">
          {notice.message}
          {!owner && ' Ask an owner of the organization to fix it.'}
        </Text>
        {owner && (
          <Button component={Link} to="/app/billing" size="xs" variant="filled">
            Open billing
          </Button>
        )}
      </Group>
    </Alert>
  );
}
