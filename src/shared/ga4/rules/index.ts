import { basicRules } from './basic';
import { dataQualityRules } from './data-quality';
import { ecommerceRules } from './ecommerce';
import { gdprRules } from './gdpr';
import { sessionRules } from './session';
import { RULE_CONFIDENCE } from './confidence';
import type { Rule, RuleEvidence, RuleMeta } from './types';

/** Every built-in rule, in evaluation order. */
export const ALL_RULES: readonly Rule[] = [...basicRules, ...gdprRules, ...ecommerceRules, ...sessionRules, ...dataQualityRules];

const byId = new Map(ALL_RULES.map((r) => [r.id, r]));
if (byId.size !== ALL_RULES.length) throw new Error('GA4 rule catalogue: duplicate rule id');

export function ruleById(id: string): Rule | undefined {
  return byId.get(id);
}

/** The evidence a rule needs to be evaluated at all: history first, then the hit's time, then tenant facts. */
export function evidenceOf(rule: Pick<RuleMeta, 'needsHistory' | 'needsCaptureTime' | 'needsFact'>): RuleEvidence {
  if (rule.needsHistory) return 'history';
  if (rule.needsCaptureTime) return 'capture_time';
  if (rule.needsFact) return 'tenant_facts';
  return 'single_hit';
}

/**
 * The catalogue as plain data (no functions), for the rules pages, the settings UI and the CLI:
 * each rule with the GA4 documentation it rests on (`reference`), the evidence it needs and its confidence.
 */
export function ruleCatalogue(): RuleMeta[] {
  return ALL_RULES.map(({ id, family, tier, defaultSeverity, title, explanation, reference, needsHistory, needsFact, needsCaptureTime }) => {
    const meta: RuleMeta = { id, family, tier, defaultSeverity, title, explanation, reference };
    if (needsHistory) meta.needsHistory = true;
    if (needsFact) meta.needsFact = needsFact;
    if (needsCaptureTime) meta.needsCaptureTime = true;
    meta.evidence = evidenceOf(meta);
    meta.confidence = RULE_CONFIDENCE[id] ?? 'high';
    return meta;
  });
}
