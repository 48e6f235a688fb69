import { basicRules } from './basic';
import { dataQualityRules } from './data-quality';
import { ecommerceRules } from './ecommerce';
import { gdprRules } from './gdpr';
import { sessionRules } from './session';
import type { Rule, RuleMeta } from './types';

/** Every built-in rule, in evaluation order. */
export const ALL_RULES: readonly Rule[] = [...basicRules, ...gdprRules, ...ecommerceRules, ...sessionRules, ...dataQualityRules];

const byId = new Map(ALL_RULES.map((r) => [r.id, r]));
if (byId.size !== ALL_RULES.length) throw new Error('GA4 rule catalogue: duplicate rule id');

export function ruleById(id: string): Rule | undefined {
  return byId.get(id);
}

/** The catalogue as plain data (no functions), for the rules pages and the settings UI. */
export function ruleCatalogue(): RuleMeta[] {
  return ALL_RULES.map(({ id, family, tier, defaultSeverity, title, explanation, reference, needsHistory, needsFact }) => {
    const meta: RuleMeta = { id, family, tier, defaultSeverity, title, explanation, reference };
    if (needsHistory) meta.needsHistory = true;
    if (needsFact) meta.needsFact = needsFact;
    return meta;
  });
}
