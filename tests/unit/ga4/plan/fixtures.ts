import type { TrackingPlanDocument } from '../../../../src/shared/ga4';

/** The plan the plan-check tests (and the validator equivalence test) check hits against. */
export const PLAN: TrackingPlanDocument = {
  format: 'tracklint-plan/1',
  versionId: '00000000-0000-0000-0000-000000000003',
  version: 3,
  events: [
    { name: 'page_view', status: 'live' },
    {
      name: 'purchase',
      status: 'live',
      parameters: [
        { name: 'transaction_id', type: 'string', required: true },
        { name: 'value', type: 'number', required: true, minimum: 0 },
        { name: 'currency', type: 'string', required: true, allowedValues: ['EUR', 'USD'] },
        { name: 'coupon', type: 'string', maxLength: 10 },
      ],
      itemParameters: [
        { name: 'item_id', type: 'string', required: true },
        { name: 'item_name', type: 'string' },
        { name: 'price', type: 'number' },
        { name: 'quantity', type: 'integer' },
      ],
    },
    { name: 'form_submit', status: 'deprecated' },
  ],
};

/** PLAN with every other parameter feature: a pattern, a range, booleans, user properties and registered definitions. */
export const RICH_PLAN: TrackingPlanDocument = {
  ...PLAN,
  events: [
    ...PLAN.events,
    {
      name: 'sign_up',
      status: 'live',
      parameters: [
        { name: 'method', type: 'string', required: true, pattern: '^[a-z]+$' },
        { name: 'plan_tier', type: 'string', allowedValues: ['gold', 'silver'] },
        { name: 'seats', type: 'integer', minimum: 1, maximum: 50 },
        { name: 'trial', type: 'boolean' },
        { name: 'score', type: 'number', allowedValues: ['1', '2.5'] },
      ],
    },
  ],
  userProperties: [
    { name: 'tier', type: 'string', allowedValues: ['gold', 'silver'], required: true },
    { name: 'age', type: 'integer', minimum: 18 },
  ],
  customDefinitions: [{ kind: 'dimension', scope: 'event', parameterName: 'plan_tier' }],
};
