import type { PlanTier, Severity } from './types';
import type { CustomRuleDefinition } from './custom-rules';

/** Facts about one website that rules need. Every field is optional; rules that need a missing fact skip. */
export interface TenantFacts {
  /** The website's GA4 measurement ids (`G-…`). */
  measurementIds?: string[];
  /** Hosts the website's pages live on. `example.com` also allows its subdomains. */
  allowedHosts?: string[];
  /** Payment providers / redirect hosts that must not become referrers (added to a built-in list). */
  paymentHosts?: string[];
  /** The website has EU/EEA visitors: consent rules apply. */
  euTraffic?: boolean;
  /** ISO 4217 codes the shop sells in. */
  currencies?: string[];
}

export interface RuleOverride {
  enabled?: boolean;
  severity?: Severity;
}

/** Per-website rule settings, as stored by the app. JSON-serializable. */
export interface RuleSettings {
  rules?: Record<string, RuleOverride>;
  facts?: TenantFacts;
  /** Tiers the organization's plan allows. Default: every tier (library/CLI use). Use tiersForPlan(). */
  allowedTiers?: PlanTier[];
  customRules?: CustomRuleDefinition[];
}

/**
 * The plan entitlement from the product spec: basic rules for all; advanced rules need starter,
 * pro or enterprise (agency too); custom rules need pro or enterprise (agency too).
 */
export function tiersForPlan(plan: string | null | undefined): PlanTier[] {
  const p = (plan ?? 'free').toLowerCase();
  if (p.includes('pro') || p === 'enterprise' || p === 'agency') return ['basic', 'advanced', 'custom'];
  if (p.includes('starter')) return ['basic', 'advanced'];
  return ['basic'];
}

/** Facts compiled once per validator so rules do set lookups, not array scans. */
export interface CompiledFacts {
  measurementIds: ReadonlySet<string> | null;
  /** The measurement ids as listed in messages ("G-A, G-B"). */
  measurementIdList: string;
  allowedHosts: readonly string[] | null;
  paymentHosts: readonly string[];
  euTraffic: boolean;
  currencies: ReadonlySet<string> | null;
}

export const DEFAULT_PAYMENT_HOSTS = [
  'paypal.com',
  'checkout.stripe.com',
  'klarna.com',
  'adyen.com',
  'mollie.com',
  'sofort.com',
  'payu.com',
  'secure.worldpay.com',
  'pay.google.com',
  'checkout.shopify.com',
  'hosted.paysafe.com',
  '3dsecure.io',
];

function normalizeHost(h: string): string {
  return h.trim().toLowerCase().replace(/^\*\./, '').replace(/^https?:\/\//, '').replace(/\/.*$/, '');
}

export function compileFacts(facts: TenantFacts | undefined): CompiledFacts {
  const f = facts ?? {};
  const measurementIds = f.measurementIds && f.measurementIds.length > 0 ? new Set(f.measurementIds.map((s) => s.trim())) : null;
  return {
    measurementIds,
    measurementIdList: measurementIds ? [...measurementIds].join(', ') : '',
    allowedHosts: f.allowedHosts && f.allowedHosts.length > 0 ? f.allowedHosts.map(normalizeHost).filter(Boolean) : null,
    paymentHosts: [...DEFAULT_PAYMENT_HOSTS, ...(f.paymentHosts ?? []).map(normalizeHost)].filter(Boolean),
    euTraffic: f.euTraffic === true,
    currencies: f.currencies && f.currencies.length > 0 ? new Set(f.currencies.map((c) => c.trim().toUpperCase())) : null,
  };
}

/** True when `host` is one of `list` or a subdomain of one. */
export function hostMatches(host: string, list: readonly string[]): boolean {
  for (const h of list) if (host === h || (host.length > h.length && host.endsWith(h) && host.charAt(host.length - h.length - 1) === '.')) return true;
  return false;
}
