/** Severity per plan finding kind: the form's values, what is stored, and the write (hook in update-severities-mutation.ts). */
import { DEFAULT_PLAN_SEVERITIES, PLAN_FINDING_KINDS, type PlanFindingKind } from '../../../shared/ga4';
import type { TracklintClient } from '../../lib/supabase';
import type { WebsitePlan } from './types';

export type PlanSeverityChoice = 'error' | 'warning' | 'info' | 'off';
export type PlanSeverityValues = Record<PlanFindingKind, PlanSeverityChoice>;

/** Every finding kind's severity as the form shows it: the plan's choice, else the default. */
export function severityFormValues(severities: WebsitePlan['severities']): PlanSeverityValues {
  return Object.fromEntries(PLAN_FINDING_KINDS.map((k) => [k, severities[k] ?? DEFAULT_PLAN_SEVERITIES[k]])) as PlanSeverityValues;
}

/** What the plan stores: only the kinds that differ from their default, so a later change of a default still reaches them. */
export function storedSeverities(values: PlanSeverityValues): WebsitePlan['severities'] {
  return Object.fromEntries(PLAN_FINDING_KINDS.filter((k) => values[k] !== DEFAULT_PLAN_SEVERITIES[k]).map((k) => [k, values[k]]));
}

/**
 * Sets the severity per plan finding kind (tracking_plans.severities). It is not versioned: the
 * collector applies it from the next hit on, for every website that follows the plan.
 */
export async function updatePlanSeverities(client: TracklintClient, planId: string, values: PlanSeverityValues): Promise<void> {
  const { data, error } = await client.from('tracking_plans').update({ severities: storedSeverities(values) }).eq('id', planId).select('id');
  if (error) throw error;
  if (!data?.length) throw new Error('Nothing was changed: only owners and admins can edit a tracking plan.');
}
