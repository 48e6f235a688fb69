import { describe, expect, it } from 'vitest';
import { describeParams, formFromParams, paramsFromForm } from '../../../src/renderer/pages/alerts/rule-kinds';

describe('rule form parameters', () => {
  it('round-trips parameters and fills defaults', () => {
    const form = formFromParams('usage', { thresholds: [0.9, 1] });
    expect(form).toEqual({ metrics: ['monthly_requests'], thresholds: ['0.9', '1'] });
    expect(paramsFromForm('usage', form)).toEqual({ metrics: ['monthly_requests'], thresholds: [0.9, 1] });
    expect(paramsFromForm('rule_failing', { rule_id: '  ', min_count: 3, window_hours: 2 })).toEqual({ rule_id: null, min_count: 3, window_hours: 2, include_info: false });
    expect(describeParams('failure_rate', { threshold_pct: 50 })).toBe('Alert above 50% · Over the last 60 minutes · Only with at least 20 requests');
  });
});

describe('the tracking plan drift rule form', () => {
  it('fills the server defaults and describes them', () => {
    expect(formFromParams('tracking_drift', {})).toEqual({ weeks: 4, min_baseline: 20, min_share_pct: 50, max_share_pct: 300, min_hits: 10 });
    expect(paramsFromForm('tracking_drift', formFromParams('tracking_drift', { weeks: 2 }))).toEqual({ weeks: 2, min_baseline: 20, min_share_pct: 50, max_share_pct: 300, min_hits: 10 });
  });
});
