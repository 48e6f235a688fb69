import { mpConsentState } from './consent';
import { emptyConsent, MAX_DECODED_EVENTS, MAX_DECODED_ITEMS } from './decode-gtag';
import { dict } from './form';
import { buildPage } from './page';
import type {
  ConsentInfo,
  DecodeNote,
  DecodedEvent,
  DecodedItem,
  DeviceInfo,
  Dict,
  MpEnvelope,
  ParamKind,
  ParamValue,
  SessionInfo,
  UserProperty,
} from './types';

/** Top-level keys of the MP payload schema (Google's Event Builder, additionalProperties: false). */
export const MP_TOP_LEVEL_KEYS = new Set([
  'client_id',
  'app_instance_id',
  'user_id',
  'timestamp_micros',
  'user_properties',
  'consent',
  'non_personalized_ads',
  'user_location',
  'ip_override',
  'device',
  'user_data',
  'validation_behavior',
  'events',
]);

export function kindOf(value: ParamValue | undefined): ParamKind {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean' ? t : 'object';
}

function isObject(v: unknown): v is Dict<ParamValue> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: ParamValue | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export interface MpDecodeOutput {
  events: DecodedEvent[];
  envelope: MpEnvelope;
  clientId?: string;
  appInstanceId?: string;
  userId?: string;
}

function truthy(v: ParamValue | undefined): boolean {
  return v === true || v === 1 || v === 'true' || v === '1';
}

/** Maps a parsed MP JSON object onto the shared model. */
export function decodeMpPayload(
  payload: Dict<ParamValue>,
  strictJson: boolean,
  userAgent: string | undefined,
  notes: DecodeNote[],
): MpDecodeOutput {
  const topLevelKeys = Object.keys(payload);
  const unknownTopLevelKeys: string[] = [];
  for (const k of topLevelKeys) if (!MP_TOP_LEVEL_KEYS.has(k)) unknownTopLevelKeys.push(k);
  const envelope: MpEnvelope = {
    topLevelKeys,
    unknownTopLevelKeys,
    strictJson,
    eventsIsArray: Array.isArray(payload.events),
    rawEventCount: Array.isArray(payload.events) ? payload.events.length : 0,
  };
  if ('timestamp_micros' in payload) envelope.timestampMicros = payload.timestamp_micros as ParamValue;
  if ('consent' in payload) envelope.consent = payload.consent as ParamValue;
  if ('ip_override' in payload) envelope.ipOverride = payload.ip_override as ParamValue;
  if ('validation_behavior' in payload) envelope.validationBehavior = payload.validation_behavior as ParamValue;
  if ('non_personalized_ads' in payload) envelope.nonPersonalizedAds = payload.non_personalized_ads as ParamValue;
  if ('user_location' in payload) envelope.userLocation = payload.user_location as ParamValue;
  if ('device' in payload) envelope.device = payload.device as ParamValue;
  if ('user_data' in payload) envelope.userData = payload.user_data as ParamValue;

  const userProperties = dict<UserProperty>();
  const up = payload.user_properties;
  if (isObject(up)) {
    for (const name in up) {
      const entry = up[name];
      if (isObject(entry) && 'value' in entry) {
        const value = entry.value as ParamValue;
        userProperties[name] = { value, kind: kindOf(value) };
      } else {
        notes.push({
          code: 'USER_PROPERTY_SHAPE',
          path: `user_properties.${name}`,
          message: `User property "${name}" must be an object with a "value" field.`,
        });
        userProperties[name] = { value: entry as ParamValue, kind: kindOf(entry as ParamValue) };
      }
    }
  }

  const consent = emptyConsent();
  if ('consent' in payload) {
    const c = payload.consent as ParamValue;
    consent.mp = c;
    if (isObject(c)) {
      consent.signals = {
        ad_storage: mpConsentState(undefined),
        analytics_storage: mpConsentState(undefined),
        ad_user_data: mpConsentState(c.ad_user_data),
        ad_personalization: mpConsentState(c.ad_personalization),
      };
    }
  }
  if (truthy(payload.non_personalized_ads as ParamValue)) consent.npa = '1';

  // Every field MP sets present from the start, in its assignment order (JSON omits the unset ones).
  const device: DeviceInfo = { brands: [], language: undefined, screenResolution: undefined, platform: undefined, model: undefined, userAgent: undefined };
  const dev = payload.device;
  if (isObject(dev)) {
    const lang = str(dev.language);
    if (lang !== undefined) device.language = lang;
    const sr = str(dev.screen_resolution);
    if (sr !== undefined) device.screenResolution = sr;
    const os = str(dev.operating_system);
    if (os !== undefined) device.platform = os;
    const model = str(dev.model);
    if (model !== undefined) device.model = model;
  }
  if (userAgent !== undefined) device.userAgent = userAgent;
  const topLevelDebug = truthy(payload.debug_mode as ParamValue);

  const events: DecodedEvent[] = [];
  const rawEvents = Array.isArray(payload.events) ? payload.events : [];
  const count = Math.min(rawEvents.length, MAX_DECODED_EVENTS);
  if (rawEvents.length > MAX_DECODED_EVENTS)
    notes.push({
      code: 'TOO_MANY_EVENTS_DECODED',
      path: 'events',
      message: `Only the first ${MAX_DECODED_EVENTS} of ${rawEvents.length} events were decoded.`,
    });
  for (let i = 0; i < count; i++) {
    const raw = rawEvents[i];
    if (!isObject(raw)) {
      notes.push({ code: 'EVENT_NOT_OBJECT', path: `events[${i}]`, message: `Event at index [${i}] is not an object.` });
      continue;
    }
    events.push(decodeMpEvent(i, raw, userProperties, consent, device, topLevelDebug, notes));
  }

  const out: MpDecodeOutput = { events, envelope };
  const cid = payload.client_id;
  if (cid !== undefined && cid !== null) out.clientId = typeof cid === 'string' ? cid : JSON.stringify(cid);
  const aid = payload.app_instance_id;
  if (aid !== undefined && aid !== null) out.appInstanceId = typeof aid === 'string' ? aid : JSON.stringify(aid);
  const uid = payload.user_id;
  if (uid !== undefined && uid !== null) out.userId = typeof uid === 'string' ? uid : JSON.stringify(uid);
  return out;
}

const CAMPAIGN_DETAIL_FIELDS: Dict<string> = Object.assign(dict<string>(), {
  campaign_id: 'campaign_id',
  campaign: 'campaign_name',
  source: 'campaign_source',
  medium: 'campaign_medium',
  term: 'campaign_term',
  content: 'campaign_content',
});

function decodeMpEvent(
  index: number,
  raw: Dict<ParamValue>,
  userProperties: Dict<UserProperty>,
  consent: ConsentInfo,
  device: DeviceInfo,
  topLevelDebug: boolean,
  notes: DecodeNote[],
): DecodedEvent {
  const params = dict<ParamValue>();
  const paramKinds = dict<ParamKind>();
  const items: DecodedItem[] = [];
  const itemKeys: string[] = [];
  const rawParams = raw.params;
  if (rawParams !== undefined && !isObject(rawParams))
    notes.push({ code: 'PARAMS_NOT_OBJECT', path: `events[${index}].params`, message: `Event at index [${index}] has params that are not an object.` });
  if (isObject(rawParams)) {
    for (const key in rawParams) {
      const value = rawParams[key] as ParamValue;
      if (key === 'items') {
        if (!Array.isArray(value)) {
          notes.push({ code: 'ITEMS_NOT_ARRAY', path: `events[${index}].params.items`, message: 'items must be an array of objects.' });
          continue;
        }
        const n = Math.min(value.length, MAX_DECODED_ITEMS);
        for (let j = 0; j < n; j++) {
          const item = value[j];
          if (!isObject(item)) {
            notes.push({ code: 'ITEM_NOT_OBJECT', path: `events[${index}].params.items[${j}]`, message: `Item at index [${j}] is not an object.` });
            continue;
          }
          items.push(Object.assign(dict<ParamValue>(), item));
          itemKeys.push(`items[${j}]`);
        }
        continue;
      }
      params[key] = value;
      paramKinds[key] = kindOf(value);
    }
  }
  const session: SessionInfo = {
    sessionStart: false,
    firstVisit: false,
    newSessionId: false,
    externalEvent: false,
    id: undefined,
    number: undefined,
    engaged: undefined,
    hitSequence: undefined,
    engagementTimeMsec: undefined,
  };
  const sid = params.session_id;
  if (typeof sid === 'string' || typeof sid === 'number') session.id = sid;
  const et = params.engagement_time_msec;
  if (typeof et === 'string' || typeof et === 'number') session.engagementTimeMsec = et;

  const campaign = dict<string>();
  if (raw.name === 'campaign_details') {
    for (const key in CAMPAIGN_DETAIL_FIELDS) {
      const v = params[key];
      if (typeof v === 'string') campaign[CAMPAIGN_DETAIL_FIELDS[key] as string] = v;
    }
  }

  const event: DecodedEvent = {
    index,
    params,
    paramKinds,
    items,
    itemKeys,
    userProperties,
    conversion: false,
    debugMode: topLevelDebug || truthy(params.debug_mode),
    session,
    page: buildPage(str(params.page_location), str(params.page_referrer), str(params.page_title)),
    consent,
    device,
    campaign,
    other: dict<string>(),
    name: undefined,
    currency: undefined,
    currencySource: undefined,
    line: undefined,
    duplicateParams: undefined,
  };
  const name = raw.name;
  if (name !== undefined && name !== null) event.name = typeof name === 'string' ? name : JSON.stringify(name);
  if (typeof params.currency === 'string') {
    event.currency = params.currency;
    event.currencySource = 'param';
  }
  return event;
}
