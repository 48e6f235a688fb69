import type { CustomRule } from '../../data/rules/types';

/** Issue rule id (`custom.<definition id>`, or `custom.<row id>` when the definition has none) → the custom rule's name. */
export function customRuleTitles(rules: readonly CustomRule[] | undefined): Map<string, string> {
  const titles = new Map<string, string>();
  for (const rule of rules ?? []) titles.set(`custom.${rule.definition?.id ?? rule.id}`, rule.name);
  return titles;
}
