import type { Organization } from '../organizations/types';
import { usePlanStateQuery } from './plan-state-query';

/**
 * The plan whose features and limits apply now (rpc get_organization_plan_state): the paid plan
 * falls back to Free when a trial ends or a subscription lapses. Until the server answers, the
 * organization's own plan.
 */
export function useEffectivePlan(organization: Pick<Organization, 'id' | 'plan'> | null | undefined): string | undefined {
  const state = usePlanStateQuery(organization?.id, organization?.plan);
  return state.data?.effective_plan ?? organization?.plan;
}
