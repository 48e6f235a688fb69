import { ruleById, type RuleFamily } from '../../../shared/ga4';
import { FAMILY_LABELS } from '../../components/rule-labels';

/** Findings per rule family, from per-rule totals (custom rules and unknown ids count as Custom). */
export function familyTotals(ruleTotals: ReadonlyArray<{ value: string; count: number }>): Array<{ value: RuleFamily | 'custom'; label: string; count: number }> {
  const totals = new Map<RuleFamily | 'custom', number>();
  for (const { value, count } of ruleTotals) {
    const family = ruleById(value)?.family ?? 'custom';
    totals.set(family, (totals.get(family) ?? 0) + count);
  }
  return [...totals]
    .map(([value, count]) => ({ value, label: FAMILY_LABELS[value], count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

export const FORMAT_LABELS: Record<string, string> = { gtag: 'gtag (/g/collect)', mp: 'Measurement Protocol' };
