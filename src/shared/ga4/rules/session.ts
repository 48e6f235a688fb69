import { DAY, HOUR, MINUTE, SESSION_TTL, clientOf, historyKeys, scopeOf, type SessionRecord } from '../history';
import { hostMatches } from '../settings';
import type { ParamValue } from '../types';
import type { Rule } from './types';
import { isUniversalAnalyticsPayload, isPlaceholderValue, num, show } from './util';

const SESS_REF = 'https://support.google.com/analytics/answer/9191807';
const MP_SEND_REF = 'https://developers.google.com/analytics/devguides/collection/protocol/ga4/sending-events';
const CAMPAIGN_REF = 'https://support.google.com/analytics/answer/10917952';
const REFERRAL_REF = 'https://support.google.com/analytics/answer/10327750';

const MAX_SESSION_AGE_MS = 8 * HOUR;
const MAX_FUTURE_MS = 5 * MINUTE;
const MAX_ENGAGEMENT_MS = 30 * MINUTE;
const MP_BACKDATE_MS = 72 * HOUR;

interface ClientSessionRecord {
  maxSct?: number;
}

interface PageLoadRecord {
  lastSeq?: number;
}


/** A short description of an id that is not in the cookie format, for messages. */
function describeId(v: string): string {
  if (isPlaceholderValue(v) || /^(client|session)_?id$/i.test(v) || /^[A-Z_]+$/.test(v)) return 'a placeholder';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) return 'a UUID';
  if (/test/i.test(v)) return 'a test value';
  if (/^\d+$/.test(v)) return 'a bare number';
  return 'a hand-made value';
}

function timestampMs(v: ParamValue | undefined): number | undefined {
  const n = num(v);
  return Number.isFinite(n) ? n / 1000 : undefined;
}

export const sessionRules: Rule[] = [
  {
    id: 'sess.sid_present',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'Session ID present',
    explanation: 'Web hits carry sid, the session start in Unix seconds (10 digits) from the _ga_<ID> cookie. Without it the hit has no session: sessions and engagement break. Let gtag read its cookies (first-party cookies allowed, not cleared by a proxy).',
    reference: SESS_REF,
    checkRequest(ctx) {
      const ev = ctx.req.events[0];
      if (ctx.req.format !== 'gtag' || !ev || isUniversalAnalyticsPayload(ctx.req)) return;
      const sid = ev.session.id;
      if (sid === undefined || sid === '') ctx.emit('sid', 'The session ID "sid" is missing.', 'VALUE_REQUIRED');
      else if (!/^\d{10}$/.test(String(sid))) ctx.emit('sid', `sid "${show(sid)}" is not a 10-digit Unix timestamp.`, 'VALUE_INVALID');
    },
  },
  {
    id: 'sess.sct_present',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Session count present',
    explanation: 'sct is the session number of this client (1 for the first session). Missing or non-integer sct breaks new vs returning users. It comes from the _ga_<ID> cookie; check that the cookie is kept.',
    reference: SESS_REF,
    checkRequest(ctx) {
      const ev = ctx.req.events[0];
      if (ctx.req.format !== 'gtag' || !ev) return;
      // No session cookie at all is one root cause, reported by sess.sid_present.
      if (ev.session.id === undefined || ev.session.id === '') return;
      const sct = ev.session.number;
      if (sct === undefined || sct === '') ctx.emit('sct', 'The session count "sct" is missing.', 'VALUE_REQUIRED');
      else if (!/^\d+$/.test(sct) || Number(sct) < 1) ctx.emit('sct', `sct "${show(sct)}" is not an integer ≥ 1.`, 'VALUE_INVALID');
    },
  },
  {
    id: 'sess.seg_binary',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Session engaged flag is 0 or 1',
    explanation: 'seg says whether the session is engaged; it is 0 or 1. Other values come from a hand-built hit and corrupt engagement rate.',
    reference: SESS_REF,
    checkRequest(ctx) {
      const seg = ctx.req.events[0]?.session.engaged;
      if (ctx.req.format === 'gtag' && seg !== undefined && seg !== '0' && seg !== '1') ctx.emit('seg', `seg is "${show(seg)}"; it must be 0 or 1.`, 'VALUE_INVALID');
    },
  },
  {
    id: 'sess.sid_plausible',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Session ID is a recent timestamp',
    explanation: 'sid is the session start time. Compared with the time the hit was captured (never today\'s clock), a session cannot be older than about 8 hours (the longest session timeout is 7 h 55 min) nor start in the future. An implausible sid means a frozen or copied cookie, or a replayed hit.',
    reference: SESS_REF,
    needsCaptureTime: true,
    checkRequest(ctx) {
      const ev = ctx.req.events[0];
      const now = ctx.now;
      if (!ev || ev.session.id === undefined || now === undefined) return;
      const sid = num(ev.session.id);
      if (!Number.isFinite(sid) || String(Math.trunc(sid)).length !== 10) return;
      const startMs = sid * 1000;
      const path = ctx.req.format === 'gtag' ? 'sid' : 'events[0].params.session_id';
      if (startMs < now - MAX_SESSION_AGE_MS) ctx.emit(path, `Session started ${Math.round((now - startMs) / HOUR)} h before the hit was captured; GA4 sessions end within 7 h 55 min.`);
      // _p is the page-load time: a page left open can start a later session, so only a real capture time bounds it.
      else if (ctx.clockSource === 'capture' && startMs > now + MAX_FUTURE_MS) ctx.emit(path, `Session start ${new Date(startMs).toISOString()} is after the hit was captured.`);
    },
  },

  {
    id: 'sess.fv_implies_sct1',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'first_visit only in the first session',
    explanation: 'A first visit (_fv) belongs to the client\'s first session, so sct must be 1. Otherwise cookies are inconsistent (e.g. _ga reset but _ga_<ID> kept): new users are over-counted.',
    reference: SESS_REF,
    checkEvent(ctx, ev, at) {
      if (!ev.session.firstVisit || ev.session.number === undefined) return;
      if (ev.session.number !== '1') ctx.emit(`${at}.sct`, `first_visit (_fv) with session count sct=${show(ev.session.number)}.`);
    },
  },
  {
    id: 'sess.session_start_once',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'One session_start per session',
    explanation: 'The same client and session ID sent session_start more than once: sessions are double counted. Usually several GA4 config tags or a tag that re-initialises on each virtual page.',
    reference: SESS_REF,
    needsHistory: true,
    checkEvent(ctx, ev, at) {
      const { history, req } = ctx;
      const cid = clientOf(req);
      if (!history || !cid || !ev.session.sessionStart || ev.session.id === undefined) return;
      const key = historyKeys.session(scopeOf(req), cid, String(ev.session.id));
      const prev = history.get(key) as SessionRecord | undefined;
      const starts = (prev?.starts ?? 0) + 1;
      if (starts > 1) ctx.emit(`${at}._ss`, `session_start #${starts} for session ${show(ev.session.id)} of client ${show(cid, 30)}.`);
      history.set(key, { ...prev, starts }, SESSION_TTL);
    },
  },
  {
    id: 'sess.sid_regression',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Session count never goes back',
    explanation: 'The client\'s session count (sct) went down: two different cookies share one client ID (cookie copied between domains or devices, or a hard-coded cid).',
    reference: SESS_REF,
    needsHistory: true,
    checkRequest(ctx) {
      const { history, req } = ctx;
      const cid = clientOf(req);
      const sct = num(req.events[0]?.session.number);
      if (!history || !cid || !Number.isFinite(sct)) return;
      const key = historyKeys.clientSessionCount(scopeOf(req), cid);
      const prev = history.get(key) as ClientSessionRecord | undefined;
      if (prev?.maxSct !== undefined && sct < prev.maxSct) ctx.emit('sct', `Session count dropped from ${prev.maxSct} to ${sct} for client ${show(cid, 30)}.`);
      history.set(key, { maxSct: Math.max(sct, prev?.maxSct ?? 0) }, 30 * DAY);
    },
  },
  {
    id: 'sess.hit_counter_monotonic',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Hit counter increases within a page load',
    explanation: 'Within one page load (_p), the hit counter _s goes up with every request. A repeat or decrease means replayed, duplicated or reordered hits (a proxy retrying, two tags sharing a page load).',
    reference: 'https://developers.google.com/tag-platform/gtagjs',
    needsHistory: true,
    checkRequest(ctx) {
      const { history, req } = ctx;
      const cid = clientOf(req);
      const seq = num(req.events[0]?.session.hitSequence);
      if (!history || !cid || req.pageLoadId === undefined || !Number.isFinite(seq)) return;
      const key = historyKeys.pageLoad(scopeOf(req), cid, req.pageLoadId);
      const prev = history.get(key) as PageLoadRecord | undefined;
      if (prev?.lastSeq !== undefined && seq <= prev.lastSeq) ctx.emit('_s', `Hit counter _s=${seq} after _s=${prev.lastSeq} in the same page load.`);
      history.set(key, { lastSeq: Math.max(seq, prev?.lastSeq ?? 0) }, HOUR);
    },
  },

  {
    id: 'sess.engagement_time_bounds',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Engagement time is plausible',
    explanation: 'Engagement time is the foreground time since the previous event, in milliseconds. Negative values or more than 30 minutes mean seconds/ms confusion or a broken timer.',
    reference: SESS_REF,
    checkEvent(ctx, ev, at) {
      const et = num(ev.session.engagementTimeMsec);
      if (!Number.isFinite(et)) return;
      if (et < 0 || et > MAX_ENGAGEMENT_MS)
        ctx.emit(`${at}.${ctx.req.format === 'gtag' ? '_et' : 'params.engagement_time_msec'}`, `Engagement time ${et} ms is outside 0 … ${MAX_ENGAGEMENT_MS} ms.`, 'VALUE_OUT_OF_BOUNDS');
    },
  },
  {
    id: 'sess.mp_session_fields',
    onlyFormat: 'mp',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Measurement Protocol events carry session_id and engagement_time_msec',
    explanation: 'Measurement Protocol events only join a session and appear in Realtime when params.session_id and a numeric params.engagement_time_msec are set. Read session_id from the _ga_<ID> cookie and send engagement_time_msec as a number.',
    reference: MP_SEND_REF,
    checkEvent(ctx, ev, at) {
      if (ctx.req.format !== 'mp') return;
      // Sent at the top level instead: one root cause, reported by basic.mp_json_schema.
      const misplaced = ctx.req.mp?.unknownTopLevelKeys ?? [];
      const missing: string[] = [];
      if (ev.params.session_id === undefined && !misplaced.includes('session_id')) missing.push('session_id');
      if (ev.params.engagement_time_msec === undefined && !misplaced.includes('engagement_time_msec')) missing.push('engagement_time_msec');
      // Google's own examples send engagement_time_msec as the string "100": a text value is accepted.
      if (missing.length > 0)
        ctx.emit(`${at}.params.${missing[0]}`, `Event "${show(ev.name ?? '')}" has no params.${missing.join(' / params.')}: without them it is not in Realtime or engagement reports (Measurement Protocol "sending events").`);
    },
  },
  {
    id: 'sess.mp_timestamp_window',
    onlyFormat: 'mp',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'Measurement Protocol timestamps are microseconds within 72 hours',
    explanation: 'timestamp_micros is a JSON number of Unix microseconds (16 digits), at most 72 hours before the hit and not after it (Measurement Protocol reference); a string, another unit or a time outside that window gets the event dropped or dated wrongly. Send the event time in milliseconds × 1000 as a number.',
    reference: 'https://developers.google.com/analytics/devguides/collection/protocol/ga4/reference#payload_post_body',
    checkRequest(ctx) {
      const { req } = ctx;
      if (req.format !== 'mp' || !req.mp || req.mp.timestampMicros === undefined) return;
      const raw = req.mp.timestampMicros;
      const digits = String(typeof raw === 'number' ? Math.trunc(raw) : raw);
      const ms = timestampMs(raw);
      if (ms === undefined || !/^\d+$/.test(digits)) {
        ctx.emit('timestamp_micros', `timestamp_micros ${show(raw)} is not a number.`, 'VALUE_INVALID');
        return;
      }
      if (typeof raw === 'string') {
        ctx.emit('timestamp_micros', `timestamp_micros is sent as the string ${show(JSON.stringify(raw))}; the Measurement Protocol reference types it as a number (int64 microseconds).`, 'VALUE_INVALID');
        return;
      }
      if (digits.length !== 16) {
        ctx.emit('timestamp_micros', `timestamp_micros has ${digits.length} digits; microseconds have 16 (milliseconds × 1000).`, 'VALUE_INVALID');
        return;
      }
      // The 72-hour window is judged against the capture time only; without one only the unit is checked.
      const now = ctx.now;
      if (now === undefined) return;
      if (ms < now - MP_BACKDATE_MS) ctx.emit('timestamp_micros', `timestamp_micros is ${Math.round((now - ms) / HOUR)} h before the hit was captured; the Measurement Protocol accepts at most 72 h.`, 'VALUE_OUT_OF_BOUNDS');
      else if (ms > now + MAX_FUTURE_MS) ctx.emit('timestamp_micros', 'timestamp_micros is after the hit was captured.', 'VALUE_OUT_OF_BOUNDS');
    },
  },
  {
    id: 'sess.mp_id_format',
    onlyFormat: 'mp',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Measurement Protocol client_id and session_id join the web session',
    explanation: 'To join a browser session, a web Measurement Protocol event needs the _ga cookie\'s client id (<random>.<unix seconds>) and the session id from the _ga_<ID> cookie (Unix seconds, 10 digits). Order numbers, "test_123", UUIDs, literal placeholders or millisecond session ids create new users and sessions. Read both values from the visitor\'s cookies.',
    reference: MP_SEND_REF,
    checkRequest(ctx) {
      const { req } = ctx;
      if (req.format !== 'mp' || req.clientId === undefined || req.appInstanceId !== undefined) return;
      const cid = req.clientId;
      if (!/^\d{1,20}\.\d{1,20}$/.test(cid)) ctx.emit('client_id', `client_id "${show(cid, 40)}" is ${describeId(cid)}, not a web client id (<random>.<unix seconds>): it will not join the visitor's browser sessions.`);
      for (const ev of req.events) {
        const sid = ev.params.session_id;
        if (sid === undefined) continue;
        const text = String(sid);
        if (/^\d{10}$/.test(text)) continue;
        const why = /^\d{13}$/.test(text) ? 'in milliseconds; session ids are Unix seconds (10 digits)' : `${describeId(text)}, not the session start in Unix seconds from the _ga_<ID> cookie`;
        ctx.emit(`events[${ev.index}].params.session_id`, `session_id "${show(text, 40)}" is ${why}.`);
        return;
      }
    },
  },
  {
    id: 'sess.page_view_location',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'page_view carries the page location; no event sends it empty',
    explanation: 'A page_view without page_location (dl on gtag, params.page_location in Measurement Protocol) has no page path, host or landing page: reports show (not set). Any event that sends dl / page_location empty loses its page the same way (an empty value is not the page). Send the full page URL.',
    reference: 'https://developers.google.com/analytics/devguides/collection/ga4/views',
    checkEvent(ctx, ev, at) {
      const gtag = ctx.req.format === 'gtag';
      // Some proxies send the location as ep.page_location instead of dl: GA4 reads either.
      const loc = gtag ? ev.page.location || ev.params.page_location || ev.page.location : ev.params.page_location;
      const empty = loc === '' || (typeof loc === 'string' && loc.trim() === '');
      if (ev.name === 'page_view' ? loc !== undefined && !empty : !empty) return;
      const path = gtag ? `${at}.page.location` : `${at}.params.page_location`;
      const dl = gtag ? ' (dl)' : '';
      ctx.emit(path, ev.name === 'page_view' && loc === undefined ? `page_view has no page location${dl}.` : `${ev.name === 'page_view' ? 'page_view' : `Event "${show(ev.name ?? '')}"`} has an empty page location${dl}.`, 'VALUE_REQUIRED');
    },
  },
  {
    id: 'sess.landing_page_view',
    onlyFormat: 'gtag',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'info',
    title: 'Sessions start with a page view',
    explanation: 'The first event of a session decides its landing page. When it is not a page_view (an e-commerce or custom event fired before the page view), the landing page is "(not set)". Fire the Google tag\'s page view before other events.',
    reference: 'https://support.google.com/analytics/answer/13504892',
    needsHistory: true,
    checkEvent(ctx, ev, at) {
      const { history, req } = ctx;
      const cid = clientOf(req);
      if (!history || !cid || req.format !== 'gtag' || ev.session.id === undefined || ev.name === undefined) return;
      const key = historyKeys.session(scopeOf(req), cid, String(ev.session.id));
      const prev = history.get(key) as SessionRecord | undefined;
      if (prev?.first !== undefined) return;
      history.set(key, { ...prev, first: ev.name }, SESSION_TTL);
      // Events gtag sends itself around the start (engagement pings) do not decide the landing page.
      if (ev.name === 'page_view' || ev.name === 'user_engagement' || ev.name === 'first_visit' || ev.name === 'session_start') return;
      ctx.emit(`${at}.name`, `The session's first event is "${show(ev.name)}", not page_view: its landing page will be (not set).`);
    },
  },
  {
    id: 'attr.utm_complete',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Tagged URLs carry utm_source and utm_medium',
    explanation: 'When a landing URL has utm_* parameters, utm_source and utm_medium must both be set, or the session lands in (not set) / Unassigned. Fix the campaign link.',
    reference: CAMPAIGN_REF,
    checkRequest(ctx) {
      for (const { page, event } of ctx.pages) {
        if (page.utmKeys.length === 0) continue;
        const missing = [page.utm.source ? '' : 'utm_source', page.utm.medium ? '' : 'utm_medium'].filter(Boolean);
        if (missing.length > 0) ctx.emit(`events[${event.index}].page.location`, `The page URL has utm_* parameters but no ${missing.join(' / ')}.`);
      }
    },
  },
  {
    id: 'attr.utm_lowercase',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'info',
    title: 'utm_source and utm_medium are lower case',
    explanation: 'Default channel grouping matches source and medium case-sensitively: "Email" or "CPC" fall into Unassigned. Use lower case in campaign links.',
    reference: 'https://support.google.com/analytics/answer/9756891',
    checkRequest(ctx) {
      for (const { page, event } of ctx.pages) {
        for (const field of ['source', 'medium'] as const) {
          const v = page.utm[field];
          if (v && v !== v.toLowerCase()) ctx.emit(`events[${event.index}].page.utm.${field}`, `utm_${field} "${show(v)}" is not lower case.`);
        }
      }
    },
  },

  {
    id: 'attr.self_referral',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Sessions do not start from the own site or a payment provider',
    explanation: 'A session starts with the site itself or a payment provider as referrer: the previous session was broken (cross-domain without linker, payment redirect). Set up cross-domain measurement and list payment providers as unwanted referrals.',
    reference: REFERRAL_REF,
    checkEvent(ctx, ev, at) {
      if (!ev.session.sessionStart) return;
      const rh = ev.page.referrerHost;
      if (!rh) return;
      const own = ctx.facts.allowedHosts ? hostMatches(rh, ctx.facts.allowedHosts) : rh === ev.page.host;
      if (own) ctx.emit(`${at}.page.referrer`, `A session starts with the site's own host "${rh}" as referrer.`);
      else if (hostMatches(rh, ctx.facts.paymentHosts)) ctx.emit(`${at}.page.referrer`, `A session starts with payment provider "${rh}" as referrer.`);
    },
  },
  {
    id: 'attr.referrer_loss',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'No payment-provider referrer inside a session',
    explanation: 'A hit in a running session has a payment provider as referrer (return from PayPal, Stripe, 3-D Secure…). Without an unwanted-referral entry, conversions are credited to the provider. List it under unwanted referrals.',
    reference: REFERRAL_REF,
    needsHistory: true,
    checkEvent(ctx, ev, at) {
      const { history, req } = ctx;
      const cid = clientOf(req);
      if (!history || !cid || ev.session.id === undefined) return;
      const key = historyKeys.session(scopeOf(req), cid, String(ev.session.id));
      const prev = history.get(key) as SessionRecord | undefined;
      const hits = prev?.hits;
      const rh = ev.page.referrerHost;
      if (hits !== undefined && !ev.session.sessionStart && rh && hostMatches(rh, ctx.facts.paymentHosts))
        ctx.emit(`${at}.page.referrer`, `Mid-session hit with payment provider "${rh}" as referrer.`);
      if (hits === undefined || ev.index === 0) history.set(key, { ...prev, hits: (hits ?? 0) + 1 }, SESSION_TTL);
    },
  },
  {
    id: 'attr.cross_domain_linker',
    onlyFormat: 'gtag',
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'info',
    title: 'Cross-domain linker is accepted',
    explanation: 'The page URL still carries the _gl linker but the hit has no _glv: this domain is not configured to accept the link, so the visitor becomes a new user. Add the domain to the cross-domain list of the data stream.',
    reference: 'https://support.google.com/analytics/answer/10071811',
    checkEvent(ctx, ev, at) {
      if (ctx.req.format !== 'gtag' || ev.page.linker === undefined) return;
      if (ev.index > 0 && ev.page === ctx.req.events[0]?.page) return;
      if (ev.other._glv === undefined) ctx.emit(`${at}.page.location`, 'The page URL carries _gl but the hit has no _glv: the linker was not accepted.');
    },
  },
  {
    id: 'attr.campaign_params_mp',
    onlyEvents: ['campaign_details'],
    family: 'session_attribution',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Measurement Protocol campaign_details name source and medium',
    explanation: 'A campaign_details event sets the campaign of the session; without source and medium it attributes to (not set). Send source and medium with it.',
    reference: MP_SEND_REF,
    checkEvent(ctx, ev, at) {
      if (ev.name !== 'campaign_details') return;
      for (const field of ['source', 'medium']) {
        const v = ev.params[field];
        if (typeof v !== 'string' || v === '') ctx.emit(`${at}.params.${field}`, `campaign_details has no ${field}.`, 'VALUE_REQUIRED');
      }
    },
  },
];
