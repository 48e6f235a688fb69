import { isValidGcs } from '../consent';
import { HOUR, MINUTE, SESSION_TTL, clientOf, historyKeys, scopeOf, type SessionRecord } from '../history';
import type { ConsentInfo, ConsentSignalName } from '../types';
import type { Rule } from './types';
import { show } from './util';

const CM_REF = 'https://developers.google.com/tag-platform/security/guides/consent';
const MP_CONSENT_REF = 'https://developers.google.com/analytics/devguides/collection/protocol/ga4/reference#payload_consent';
const DMA_REF = 'https://support.google.com/google-ads/answer/14314253';

/** Analytics storage state of a hit: gcs wins, then gcd's effective state. */
export function analyticsState(c: ConsentInfo): 'granted' | 'denied' | undefined {
  if (c.gcsAnalyticsStorage) return c.gcsAnalyticsStorage;
  const s = c.signals?.analytics_storage;
  if (s && s.letter !== 'MP' && s.effective !== 'not_set') return s.effective;
  return undefined;
}

function adStorageState(c: ConsentInfo): 'granted' | 'denied' | undefined {
  if (c.gcsAdStorage) return c.gcsAdStorage;
  const s = c.signals?.ad_storage;
  if (s && s.letter !== 'MP' && s.effective !== 'not_set') return s.effective;
  return undefined;
}

const FLAP_WINDOW_MS = 10 * MINUTE;
const FLAP_MAX_CHANGES = 3;

interface ClientConsentRecord {
  /** Times (ms) at which the consent state changed, newest last, within the window. */
  changes?: number[];
  last?: string;
}

export const gdprRules: Rule[] = [
  {
    id: 'gdpr.consent_signal_present',
    onlyFormat: 'gtag',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'Consent mode is running (EU)',
    explanation:
      'The hit carries neither gcs nor gcd, so consent mode is not set up: tags fire regardless of the visitor\'s choice. With EU visitors, load the CMP with consent mode defaults before the Google tag.',
    reference: CM_REF,
    needsFact: 'euTraffic',
    checkRequest(ctx) {
      if (!ctx.facts.euTraffic || ctx.req.format !== 'gtag') return;
      for (const { consent, event } of ctx.consents)
        if (consent.gcs === undefined && consent.gcd === undefined)
          ctx.emit(event.index === 0 ? 'gcs' : `events[${event.index}].gcs`, 'No consent signal (gcs or gcd) on a site with EU traffic: consent mode is not running.');
    },
  },
  {
    id: 'gdpr.consent_mode_v2_present',
    onlyFormat: 'gtag',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'Consent mode v2 signals set (EU)',
    explanation:
      'Since March 2024 Google needs ad_user_data and ad_personalization for EEA traffic. The gcd string shows them as not set (letter l). Update the CMP / consent mode integration to v2.',
    reference: CM_REF,
    needsFact: 'euTraffic',
    checkRequest(ctx) {
      if (!ctx.facts.euTraffic || ctx.req.format !== 'gtag') return;
      for (const { consent, event } of ctx.consents) {
        const path = event.index === 0 ? 'gcd' : `events[${event.index}].gcd`;
        if (consent.gcd === undefined) {
          if (consent.gcs !== undefined) ctx.emit(path, 'gcs is present but gcd is missing: consent mode v2 (ad_user_data, ad_personalization) is not implemented.');
          continue;
        }
        const s = consent.signals;
        if (!s) continue;
        const userData = s.ad_user_data.default === 'not_set' && s.ad_user_data.update === 'not_set';
        const personalization = s.ad_personalization.default === 'not_set' && s.ad_personalization.update === 'not_set';
        if (userData || personalization)
          ctx.emit(path, `Consent mode v2 signal(s) ${userData && personalization ? 'ad_user_data, ad_personalization' : userData ? 'ad_user_data' : 'ad_personalization'} are not set in gcd "${show(consent.gcd)}".`);
      }
    },
  },
  {
    id: 'gdpr.gcs_format',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'gcs is well formed',
    explanation: 'gcs is G1 followed by two digits (ad_storage, analytics_storage; 1 granted, 0 denied), e.g. G111. Another shape means a hand-built or corrupted hit.',
    reference: CM_REF,
    checkRequest(ctx) {
      for (const { consent, event } of ctx.consents)
        if (consent.gcs !== undefined && !isValidGcs(consent.gcs))
          ctx.emit(event.index === 0 ? 'gcs' : `events[${event.index}].gcs`, `gcs "${show(consent.gcs)}" is not G1 followed by two 0/1 digits.`, 'VALUE_INVALID');
    },
  },
  {
    id: 'gdpr.gcd_format',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'gcd is well formed',
    explanation: 'gcd is 1, four digit+letter blocks (one per consent signal), a digit and an optional extra block. The letters are case-sensitive: l m n p q r t u v as documented, and R S T V W X Z - _ (the same states with a flag current gtag.js sets); the table is GCD_LETTERS in consent.ts. Another shape or letter cannot be decoded.',
    reference: CM_REF,
    checkRequest(ctx) {
      for (const { consent, event } of ctx.consents)
        if (consent.gcd !== undefined && consent.gcdValid === false)
          ctx.emit(event.index === 0 ? 'gcd' : `events[${event.index}].gcd`, `gcd "${show(consent.gcd)}" does not decode into four consent states.`, 'VALUE_INVALID');
    },
  },
  {
    id: 'gdpr.gcs_gcd_consistent',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'gcs agrees with gcd',
    explanation: 'gcs and gcd both encode ad_storage and analytics_storage. When they disagree, two consent setups are fighting (e.g. a CMP and a hard-coded gtag consent call). Keep one source of consent.',
    reference: CM_REF,
    checkRequest(ctx) {
      for (const { consent, event } of ctx.consents) {
        if (!consent.gcsAnalyticsStorage || !consent.gcdValid || !consent.signals) continue;
        const pairs: Array<[string, string | undefined, string]> = [
          ['ad_storage', consent.gcsAdStorage, consent.signals.ad_storage.effective],
          ['analytics_storage', consent.gcsAnalyticsStorage, consent.signals.analytics_storage.effective],
        ];
        for (const [name, fromGcs, fromGcd] of pairs)
          if (fromGcd !== 'not_set' && fromGcs !== fromGcd)
            ctx.emit(event.index === 0 ? 'gcd' : `events[${event.index}].gcd`, `${name} is ${fromGcs} in gcs "${consent.gcs}" but ${fromGcd} in gcd "${consent.gcd}".`);
      }
    },
  },
  {
    id: 'gdpr.denied_default_in_eu',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Consent denied by default (EU)',
    explanation: 'In the EEA consent must default to denied until the visitor chooses. gcd shows a signal granted by default (t, u or v). Set the consent mode defaults to denied for EEA regions.',
    reference: CM_REF,
    needsFact: 'euTraffic',
    checkRequest(ctx) {
      if (!ctx.facts.euTraffic) return;
      for (const { consent, event } of ctx.consents) {
        if (!consent.gcdValid || !consent.signals) continue;
        const signals = consent.signals;
        let granted: ConsentSignalName[] | undefined;
        for (const n in signals) if (signals[n as ConsentSignalName].default === 'granted') (granted ??= []).push(n as ConsentSignalName);
        if (granted !== undefined) ctx.emit(event.index === 0 ? 'gcd' : `events[${event.index}].gcd`, `${granted.join(', ')} granted by default in gcd "${consent.gcd}".`);
      }
    },
  },
  {
    id: 'gdpr.denied_hit_no_uid',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'No User-ID when analytics storage is denied',
    explanation: 'The visitor denied analytics storage, yet the hit carries a User-ID. Only send user_id after consent is granted.',
    reference: CM_REF,
    checkRequest(ctx) {
      const { req } = ctx;
      if (!req.userId) return;
      for (const { consent } of ctx.consents)
        if (analyticsState(consent) === 'denied') {
          ctx.emit(req.format === 'gtag' ? 'uid' : 'user_id', 'User-ID sent while analytics_storage is denied.');
          return;
        }
    },
  },
  {
    id: 'gdpr.denied_hit_no_user_props',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'No user properties when analytics storage is denied',
    explanation: 'User properties describe the person. With analytics storage denied, keep them out of the hit (set them after consent is granted).',
    reference: CM_REF,
    checkEvent(ctx, ev, at) {
      if (analyticsState(ev.consent) !== 'denied') return;
      for (const name of ctx.keysOf(ev.userProperties)) {
        ctx.emit(`${at}.user_properties.${name}`, `User property "${name}" sent while analytics_storage is denied.`);
      }
    },
  },
  {
    id: 'gdpr.npa_matches_ad_personalization',
    onlyFormat: 'gtag',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'npa=1 when ad personalization is denied',
    explanation: 'gcd says ad_personalization is denied but npa is not 1, so the hit may still be used for personalised ads. Check that the consent update reaches the Google tag.',
    reference: CM_REF,
    checkRequest(ctx) {
      if (ctx.req.format !== 'gtag') return;
      for (const { consent, event } of ctx.consents) {
        const ap = consent.signals?.ad_personalization;
        if (consent.gcdValid && ap && ap.effective === 'denied' && consent.npa !== '1')
          ctx.emit(event.index === 0 ? 'npa' : `events[${event.index}].npa`, `ad_personalization is denied in gcd "${consent.gcd}" but npa is ${consent.npa === undefined ? 'missing' : `"${show(consent.npa)}"`}.`);
      }
    },
  },
  {
    id: 'gdpr.mp_consent_values',
    onlyFormat: 'mp',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'Measurement Protocol consent values are GRANTED or DENIED',
    explanation: 'consent is an object with ad_user_data and ad_personalization set to exactly "GRANTED" or "DENIED" (upper case). Other values are ignored.',
    reference: MP_CONSENT_REF,
    checkRequest(ctx) {
      const c = ctx.req.mp?.consent;
      if (c === undefined) return;
      if (typeof c !== 'object' || c === null || Array.isArray(c)) {
        ctx.emit('consent', 'consent must be an object.', 'VALUE_INVALID');
        return;
      }
      for (const key in c) {
        const value = (c as Record<string, unknown>)[key];
        if (key !== 'ad_user_data' && key !== 'ad_personalization') ctx.emit(`consent.${key}`, `"${show(key)}" is not a consent field (ad_user_data, ad_personalization).`, 'NAME_INVALID');
        else if (value !== 'GRANTED' && value !== 'DENIED') ctx.emit(`consent.${key}`, `consent.${key} is ${show(value)}; use "GRANTED" or "DENIED".`, 'VALUE_INVALID');
      }
    },
  },
  {
    id: 'gdpr.mp_consent_present_eu',
    onlyFormat: 'mp',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Measurement Protocol requests carry consent (EU)',
    explanation: 'Server-side events of EU visitors need the consent they gave on the site: send consent.ad_user_data and consent.ad_personalization with each request.',
    reference: MP_CONSENT_REF,
    needsFact: 'euTraffic',
    checkRequest(ctx) {
      if (!ctx.facts.euTraffic || ctx.req.format !== 'mp') return;
      if (ctx.req.mp?.consent === undefined) ctx.emit('consent', 'No consent object on a Measurement Protocol request for a site with EU traffic.');
    },
  },
  {
    id: 'gdpr.dma_flags',
    onlyFormat: 'gtag',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'info',
    title: 'DMA signals agree with each other',
    explanation: 'dma says whether the EU Digital Markets Act applies (0 or 1); dma_cps lists the purposes the visitor consented to ("-" for none). Google does not require them on every hit, so only contradictions are reported: dma=1 without dma_cps, or a dma value other than 0/1. They mean the CMP integration sends stale or hand-set signals.',
    reference: DMA_REF,
    checkRequest(ctx) {
      if (ctx.req.format !== 'gtag') return;
      const c = ctx.consents[0]?.consent;
      if (!c || (c.dma === undefined && c.dmaCps === undefined)) return;
      if (c.dma !== undefined && c.dma !== '0' && c.dma !== '1') ctx.emit('dma', `dma is "${show(c.dma)}"; it is 0 or 1.`, 'VALUE_INVALID');
      else if (c.dma === '1' && !c.dmaCps) ctx.emit('dma_cps', 'dma=1 (the DMA applies) but dma_cps (the consented purposes) is missing.');
    },
  },

  {
    id: 'gdpr.consent_flapping',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Consent state does not flap',
    explanation: `The same client switched consent state more than ${FLAP_MAX_CHANGES} times in 10 minutes. Usually two scripts set consent (CMP and a hard-coded default) and overwrite each other. Keep one.`,
    reference: CM_REF,
    needsHistory: true,
    needsCaptureTime: true,
    checkRequest(ctx) {
      const { history, req } = ctx;
      const cid = clientOf(req);
      const consent = ctx.consents[0]?.consent;
      const now = ctx.now;
      if (!history || !cid || !consent || now === undefined) return;
      const state = `${adStorageState(consent) ?? '-'}/${analyticsState(consent) ?? '-'}`;
      if (state === '-/-') return;
      const key = historyKeys.clientConsent(scopeOf(req), cid);
      const prev = (history.get(key) as ClientConsentRecord | undefined) ?? {};
      let changes: number[] = [];
      for (const t of prev.changes ?? []) if (now - t <= FLAP_WINDOW_MS) changes.push(t);
      if (prev.last !== undefined && prev.last !== state) {
        changes = [...changes, now].slice(-10);
        if (changes.length > FLAP_MAX_CHANGES)
          ctx.emit('gcs', `Consent changed ${changes.length} times in 10 minutes for client ${show(cid, 30)} (now ad/analytics ${state}).`);
      }
      history.set(key, { changes, last: state }, HOUR);
    },
  },
  {
    id: 'gdpr.consent_before_update',
    onlyFormat: 'gtag',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Consent granted only through an update',
    explanation:
      'The session started with analytics storage denied, and a later hit claims it granted while gcd records no update (the grant came from a default, not from the visitor\'s choice). Make the CMP send a consent update when the visitor accepts.',
    reference: CM_REF,
    needsHistory: true,
    checkRequest(ctx) {
      const { history, req } = ctx;
      const cid = clientOf(req);
      const first = req.events[0];
      if (!history || !cid || !first || first.session.id === undefined || req.format !== 'gtag') return;
      const key = historyKeys.session(scopeOf(req), cid, String(first.session.id));
      const prev = history.get(key) as SessionRecord | undefined;
      const state = analyticsState(first.consent);
      if (state === undefined) return;
      if (prev?.firstDenied === undefined) {
        history.set(key, { ...prev, firstDenied: state === 'denied' }, SESSION_TTL);
        return;
      }
      if (prev.firstDenied && state === 'granted') {
        const s = first.consent.signals?.analytics_storage;
        const updated = (s && s.update !== 'not_set') || first.consent.gcu !== undefined;
        if (!updated) ctx.emit('gcd', `analytics_storage is granted without a consent update (gcd "${show(first.consent.gcd ?? '')}") in a session that started denied.`);
      }
    },
  },
  {
    id: 'gdpr.tcf_string_valid',
    family: 'gdpr',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'IAB TCF string present and well formed',
    explanation: 'gdpr=1 says the visitor is under GDPR; gdpr_consent must then carry the TC string (base64url segments). A missing or broken string makes vendors treat consent as absent. Check the CMP\'s TCF integration.',
    reference: 'https://github.com/InteractiveAdvertisingBureau/GDPR-Transparency-and-Consent-Framework',
    checkRequest(ctx) {
      const c = ctx.consents[0]?.consent;
      if (!c || c.gdpr === undefined) return;
      if (c.gdpr !== '0' && c.gdpr !== '1') {
        ctx.emit('gdpr', `gdpr is "${show(c.gdpr)}"; it must be 0 or 1.`, 'VALUE_INVALID');
        return;
      }
      if (c.gdpr !== '1') return;
      if (!c.gdprConsent) ctx.emit('gdpr_consent', 'gdpr=1 but gdpr_consent (the TC string) is missing.', 'VALUE_REQUIRED');
      else if (!/^[A-Za-z0-9_-]{20,}(\.[A-Za-z0-9_-]+)*$/.test(c.gdprConsent))
        ctx.emit('gdpr_consent', `gdpr_consent "${show(c.gdprConsent, 30)}" is not a base64url TC string.`, 'VALUE_INVALID');
    },
  },
];
