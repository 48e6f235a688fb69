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
