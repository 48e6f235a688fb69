import {
  EVENTS_REQUIRING_ITEMS,
  ISO_4217,
  LIMITS,
  STANDARD_ITEM_FIELDS,
  VALUE_FROM_ITEMS_EVENTS,
} from '../constants';
import { DAY, SESSION_TTL, clientOf, historyKeys, scopeOf, type SessionRecord } from '../history';
import type { DecodedEvent, ParamValue } from '../types';
import type { Rule } from './types';
import { isFiniteNumber, isPlaceholderValue, nonEmpty, num, show, wireParam } from './util';

const EVENTS_REF = 'https://developers.google.com/analytics/devguides/collection/ga4/reference/events';
const ECOM_REF = 'https://developers.google.com/analytics/devguides/collection/ga4/ecommerce';

const TXN_TTL = 30 * DAY;

interface TransactionRecord {
  purchaseAt?: number;
  purchases?: number;
}

function isPurchaseOrRefund(ev: DecodedEvent): boolean {
  return ev.name === 'purchase' || ev.name === 'refund';
}

function transactionId(ev: DecodedEvent): string | undefined {
  const t = ev.params.transaction_id;
  if (typeof t === 'string' && t !== '') return t;
  if (typeof t === 'number') return String(t);
  return undefined;
}

/** Σ price × quantity (quantity defaults to 1), or undefined when any price is not a number. */
function itemsTotal(ev: DecodedEvent, withDiscount: boolean): number | undefined {
  let total = 0;
  for (const item of ev.items) {
    const price = item.price;
    if (!isFiniteNumber(price)) return undefined;
    const q = item.quantity === undefined ? 1 : num(item.quantity);
    if (!Number.isFinite(q)) return undefined;
    const d = withDiscount && isFiniteNumber(item.discount) ? item.discount : 0;
    total += (price - d) * q;
  }
  return total;
}

const KNOWN_ITEM_CODES = new Set(['id', 'nm', 'af', 'cp', 'ds', 'lp', 'br', 'ca', 'c2', 'c3', 'c4', 'c5', 'li', 'ln', 'va', 'lo', 'pr', 'qt', 'cn', 'cs', 'pi', 'pn']);

/**
 * Keys of a decoded gtag item that did not parse: unknown two-letter codes kept verbatim and
 * orphan custom values (v<n> without k<n>). [] for an empty item; undefined when it parsed.
 */
export function malformedItemKeys(format: 'gtag' | 'mp', item: Record<string, ParamValue>, keys: readonly string[] = Object.keys(item)): string[] | undefined {
  if (format !== 'gtag') return undefined;
  let fields = 0;
  let bad: string[] | undefined;
  for (const k of keys) {
    fields++;
    if (STANDARD_ITEM_FIELDS.has(k)) continue;
    // Unknown two-character codes (a space or a capital included: "id1 ~ nm…" gives " n"), custom
    // values or names without their pair (v<n>, k<n>), keys with spaces around them.
    if ((k.length === 2 && !KNOWN_ITEM_CODES.has(k) && /^[A-Za-z ][A-Za-z0-9 ]$/.test(k)) || /^[kv]\d+$/.test(k) || /^\s|\s$/.test(k)) (bad ??= []).push(k);
  }
  if (fields === 0) return [];
  return bad;
}

/** Text fields of a gtag item with leading or trailing whitespace (spaces around the ~ separators). */
function spacedFields(item: Record<string, ParamValue>, keys: readonly string[]): string[] | undefined {
  let out: string[] | undefined;
  for (const k of keys) {
    const v = item[k];
    if (typeof v !== 'string' || v === '') continue;
    if (isSpace(v.charCodeAt(0)) || isSpace(v.charCodeAt(v.length - 1))) (out ??= []).push(k);
  }
  return out;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 160;
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.001);
}

export const ecommerceRules: Rule[] = [
  {
    id: 'ecom.purchase_transaction_id',
    onlyEvents: ['purchase', 'refund'],
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'purchase and refund carry transaction_id',
    explanation: 'GA4 deduplicates purchases and matches refunds by transaction_id. Without it, reloads of the thank-you page count twice and refunds cannot be matched. Send the order number as transaction_id.',
    reference: ECOM_REF,
    checkEvent(ctx, ev, at) {
      if (isPurchaseOrRefund(ev) && transactionId(ev) === undefined)
        ctx.emit(`${at}.params.transaction_id`, `${ev.name} has no transaction_id.`, 'VALUE_REQUIRED');
    },
  },
  {
    id: 'ecom.purchase_value',
    onlyEvents: ['purchase'],
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'purchase carries a value',
    explanation:
      'Revenue comes from value: a purchase without it adds a transaction with no revenue (GA4 recommended-events reference: value "is typically required for meaningful reporting"). Send the order total as value. A refund needs no value: GA4 refunds a whole transaction from its transaction_id alone (e-commerce guide, "Refund"). (A value sent as text is reported by ecom.value_numeric.)',
    reference: EVENTS_REF,
    checkEvent(ctx, ev, at) {
      if (ev.name !== 'purchase') return;
      if (ev.params.value === undefined) ctx.emit(`${at}.params.value`, 'purchase has no value: the transaction adds no revenue.', 'VALUE_REQUIRED');
    },
  },
  {
    id: 'ecom.value_numeric',
    onlyWithParams: ['value'],
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'value is a number on every event',
    explanation: 'GA4 sums value as a number: on gtag it must be epn.value, in Measurement Protocol a JSON number. A value sent as text (ep.value, "19.99") is not counted as revenue or event value, whatever the event. (Placeholders such as "NaN" are reported by dq.undefined_values.)',
    reference: EVENTS_REF,
    checkEvent(ctx, ev, at) {
      const v = ev.params.value;
      if (v === undefined || (isFiniteNumber(v) && ev.paramKinds.value === 'number')) return;
      if (typeof v === 'string' && isPlaceholderValue(v)) return;
      ctx.emit(`${at}.params.value`, `value ${show(v)} is sent as ${wireParam(ctx.req, ev, 'value')} (${ev.paramKinds.value ?? typeof v}); GA4 only counts a number.`, 'VALUE_INVALID');
    },
  },
  {
    id: 'ecom.currency_with_value',
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'A value, or item prices on a monetary event, come with a currency',
    explanation:
      'GA4\'s recommended-events reference: "currency is required if you set value", and item prices are in units of the event\'s currency parameter. So a value on any event, or item prices on an event whose reference has value and currency (add_to_cart, view_item, begin_checkout, purchase, refund…), need the ISO 4217 code (cu on gtag, currency in Measurement Protocol) or the revenue cannot be converted. Events without a value parameter (view_item_list, select_item, view_promotion…) need no currency, even with item prices.',
    reference: EVENTS_REF,
    checkEvent(ctx, ev, at) {
      if (ev.currency) return;
      const hasValue = ev.params.value !== undefined;
      let priced = false;
      if (!hasValue && ev.name !== undefined && VALUE_FROM_ITEMS_EVENTS.has(ev.name))
        for (let j = 0; j < ev.items.length && !priced; j++) {
          const price = (ev.items[j] as Record<string, ParamValue>).price;
          priced = price !== undefined && price !== '';
        }
      if (!hasValue && !priced) return;
      ctx.emit(
        `${at}.params.currency`,
        `Event "${show(ev.name ?? '')}" has ${hasValue ? 'a value' : 'item prices'} but no currency${ctx.req.format === 'gtag' ? ' (cu)' : ''}; GA4 requires currency when ${hasValue ? 'value is set' : 'this event carries prices'}.`,
        'VALUE_REQUIRED',
      );
    },
  },
  {
    id: 'ecom.currency_iso4217',
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'Currency is an ISO 4217 code',
    explanation: 'Currency must be an active three-letter ISO 4217 code in upper case (EUR, USD, KZT). Lower case or invented codes drop the revenue. If the website lists its currencies, the code must be one of them.',
    reference: EVENTS_REF,
    checkEvent(ctx, ev, at) {
      const c = ev.currency;
      if (c === undefined) return;
      if (!ISO_4217.has(c)) {
        const hint = ISO_4217.has(c.toUpperCase()) ? ` Use "${c.toUpperCase()}".` : '';
        ctx.emit(`${at}.params.currency`, `Currency "${show(c)}" is not an ISO 4217 code.${hint}`, 'VALUE_INVALID');
      } else if (ctx.facts.currencies && !ctx.facts.currencies.has(c))
        ctx.emit(`${at}.params.currency`, `Currency "${c}" is not one of this website's currencies (${[...ctx.facts.currencies].join(', ')}).`);
    },
  },

  {
    id: 'ecom.items_required',
    onlyEvents: [...EVENTS_REQUIRING_ITEMS],
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'E-commerce events carry items',
    explanation: 'Item reports are built from the items array. add_to_cart, view_item, begin_checkout, purchase and the other e-commerce events need at least one item.',
    reference: EVENTS_REF,
    checkEvent(ctx, ev, at) {
      if (ev.name !== undefined && EVENTS_REQUIRING_ITEMS.has(ev.name) && ev.items.length === 0)
        ctx.emit(`${at}.items`, `${ev.name} has no items.`, 'VALUE_REQUIRED');
    },
  },
  {
    id: 'ecom.item_id_or_name',
    onlyWithItems: true,
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'Each item has item_id or item_name',
    explanation: 'An item without item_id and item_name is dropped from item reports. Send at least one of them (id/nm on gtag).',
    reference: EVENTS_REF,
    checkEvent(ctx, ev, at) {
      for (let j = 0; j < ev.items.length; j++) {
        const item = ev.items[j] as Record<string, ParamValue>;
        if (malformedItemKeys(ctx.req.format, item, ctx.keysOf(item)) !== undefined) continue; // reported by ecom.item_malformed
        if (!nonEmpty(item.item_id) && !nonEmpty(item.item_name)) ctx.emit(`${at}.items[${j}]`, `Item ${j + 1} has neither item_id nor item_name.`, 'VALUE_REQUIRED');
      }
    },
  },
  {
    id: 'ecom.item_price_numeric',
    onlyWithItems: true,
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'Item price is a number ≥ 0',
    explanation: 'Item revenue is price × quantity. A negative or text price is an error; a missing price on a monetary event (a warning) gives zero item revenue. Send the unit price as a number (pr on gtag).',
    reference: EVENTS_REF,
    checkEvent(ctx, ev, at) {
      const monetary = ev.name !== undefined && VALUE_FROM_ITEMS_EVENTS.has(ev.name);
      for (let j = 0; j < ev.items.length; j++) {
        const item = ev.items[j] as Record<string, ParamValue>;
        const price = item.price;
        if (price === undefined && malformedItemKeys(ctx.req.format, item, ctx.keysOf(item)) !== undefined) continue; // reported by ecom.item_malformed
        if (price === undefined) {
          // Google accepts items without price, so this is a warning: item revenue will be 0.
          if (monetary) ctx.emit(`${at}.items[${j}].price`, `Item ${j + 1} of ${ev.name} has no price: its item revenue will be 0.`, undefined, 'warning');
        } else if (!isFiniteNumber(price) || price < 0) ctx.emit(`${at}.items[${j}].price`, `Item ${j + 1} price ${show(price)} is not a number ≥ 0.`, 'VALUE_INVALID');
      }
    },
  },
  {
    id: 'ecom.item_quantity_positive_int',
    onlyWithItems: true,
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Item quantity is a whole number ≥ 1',
    explanation: 'quantity counts units; 0, negative, fractional or text quantities distort items purchased and revenue. Send a positive integer (qt on gtag).',
    reference: EVENTS_REF,
    checkEvent(ctx, ev, at) {
      for (let j = 0; j < ev.items.length; j++) {
        const q = (ev.items[j] as Record<string, ParamValue>).quantity;
        if (q !== undefined && !(isFiniteNumber(q) && Number.isInteger(q) && q >= 1))
          ctx.emit(`${at}.items[${j}].quantity`, `Item ${j + 1} quantity ${show(q)} is not a whole number ≥ 1.`, 'VALUE_INVALID');
      }
    },
  },
  {
    id: 'ecom.item_param_length',
    onlyWithItems: true,
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Item values within limits',
    explanation: `Item values over ${LIMITS.paramValueLength} characters are truncated, and at most ${LIMITS.itemCustomParams} custom item parameters are kept. Shorten names and drop unused custom parameters.`,
    reference: 'https://support.google.com/analytics/answer/9267744',
    checkEvent(ctx, ev, at) {
      for (let j = 0; j < ev.items.length; j++) {
        const item = ev.items[j] as Record<string, ParamValue>;
        let custom = 0;
        for (const k of ctx.keysOf(item)) {
          if (!STANDARD_ITEM_FIELDS.has(k)) custom++;
          const v = item[k];
          if (typeof v === 'string' && v.length > LIMITS.paramValueLength)
            ctx.emit(`${at}.items[${j}].${k}`, `Item ${j + 1} ${k} is ${v.length} characters; the limit is ${LIMITS.paramValueLength}.`, 'VALUE_OUT_OF_BOUNDS');
        }
        if (custom > LIMITS.itemCustomParams)
          ctx.emit(`${at}.items[${j}]`, `Item ${j + 1} has ${custom} custom parameters; GA4 keeps ${LIMITS.itemCustomParams}.`, 'EXCEEDED_MAX_ENTITIES');
      }
    },
  },
  {
    id: 'ecom.value_matches_items',
    onlyEvents: [...VALUE_FROM_ITEMS_EVENTS],
    onlyWithItems: true,
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'value equals the items total',
    explanation: 'value should be Σ price × quantity of the items (purchase may add tax and shipping). A mismatch usually means price and value come from different sources (gross vs net, a stale cart). Compute both from the same cart.',
    reference: ECOM_REF,
    checkEvent(ctx, ev, at) {
      if (ev.name === undefined || !VALUE_FROM_ITEMS_EVENTS.has(ev.name) || ev.items.length === 0) return;
      const value = ev.params.value;
      if (!isFiniteNumber(value)) return;
      const gross = itemsTotal(ev, false);
      if (gross === undefined) return;
      const net = itemsTotal(ev, true) ?? gross;
      const extra = (isFiniteNumber(ev.params.tax) ? ev.params.tax : 0) + (isFiniteNumber(ev.params.shipping) ? ev.params.shipping : 0);
      if (close(value, gross) || close(value, net) || close(value, gross + extra) || close(value, net + extra)) return;
      ctx.emit(`${at}.params.value`, `value ${value} does not match the items total ${Math.round(gross * 100) / 100}.`);
    },
  },
  {
    id: 'ecom.value_non_negative',
    onlyWithParams: ['value'],
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'value is not negative',
    explanation: 'Negative values subtract revenue. Refunds are sent as a refund event with a positive value, not as a negative purchase.',
    reference: EVENTS_REF,
    checkEvent(ctx, ev, at) {
      const v = ev.params.value;
      if (isFiniteNumber(v) && v < 0) ctx.emit(`${at}.params.value`, `value is ${v}; send refunds as a refund event with a positive value.`, 'VALUE_OUT_OF_BOUNDS');
    },
  },
  {
    id: 'ecom.tax_shipping_numeric',
    onlyWithParams: ['tax', 'shipping'],
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'tax and shipping are numbers ≥ 0',
    explanation: 'tax and shipping feed revenue reports only as numbers (epn.tax, epn.shipping). Send them as non-negative numbers.',
    reference: EVENTS_REF,
    checkEvent(ctx, ev, at) {
      for (const name of ['tax', 'shipping']) {
        const v = ev.params[name];
        if (v === undefined) continue;
        if (!isFiniteNumber(v) || ev.paramKinds[name] !== 'number' || v < 0)
          ctx.emit(`${at}.params.${name}`, `${name} is ${show(v)} (${wireParam(ctx.req, ev, name)}); it must be a number ≥ 0.`, 'VALUE_INVALID');
      }
    },
  },
  {
    id: 'ecom.search_term',
    onlyEvents: ['search', 'view_search_results'],
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'search carries search_term',
    explanation: 'The search event reports what people searched for through search_term. Without it the event only counts searches. Add search_term.',
    reference: EVENTS_REF,
    checkEvent(ctx, ev, at) {
      if ((ev.name === 'search' || ev.name === 'view_search_results') && !nonEmpty(ev.params.search_term))
        ctx.emit(`${at}.params.search_term`, `${ev.name} has no search_term.`, 'VALUE_REQUIRED');
    },
  },
  {
    id: 'ecom.list_consistency',
    onlyWithParams: ['item_list_name', 'item_list_id'],
    onlyWithItems: true,
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'info',
    title: 'Item list names agree with the event',
    explanation: "An item's item_list_name / item_list_id differs from the event's. List reports are case-sensitive, so 'Related Products' and 'Related products' are two lists. Use one spelling.",
    reference: EVENTS_REF,
    checkEvent(ctx, ev, at) {
      for (const field of ['item_list_name', 'item_list_id']) {
        const eventLevel = ev.params[field];
        if (typeof eventLevel !== 'string' || eventLevel === '') continue;
        for (let j = 0; j < ev.items.length; j++) {
          const v = (ev.items[j] as Record<string, ParamValue>)[field];
          if (typeof v === 'string' && v !== '' && v !== eventLevel)
            ctx.emit(`${at}.items[${j}].${field}`, `Item ${j + 1} ${field} "${show(v)}" differs from the event's "${show(eventLevel)}".`);
        }
      }
    },
  },
  {
    id: 'ecom.promotion_fields',
    onlyEvents: ['view_promotion', 'select_promotion'],
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Promotion events name the promotion',
    explanation: 'view_promotion and select_promotion need promotion_id or promotion_name (on the event or on every item), or promotion reports stay empty.',
    reference: EVENTS_REF,
    checkEvent(ctx, ev, at) {
      if (ev.name !== 'view_promotion' && ev.name !== 'select_promotion') return;
      if (nonEmpty(ev.params.promotion_id) || nonEmpty(ev.params.promotion_name)) return;
      const allItems = ev.items.length > 0 && ev.items.every((i) => nonEmpty(i.promotion_id) || nonEmpty(i.promotion_name));
      if (!allItems) ctx.emit(`${at}.params.promotion_id`, `${ev.name} has no promotion_id or promotion_name.`, 'VALUE_REQUIRED');
    },
  },
  {
    id: 'ecom.item_malformed',
    onlyFormat: 'gtag',
    onlyWithItems: true,
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'Item strings parse completely',
    explanation: 'A gtag item (pr1=…) is a ~-separated list of two-letter keys (id, nm, pr, qt, ca…) and k<n>/v<n> custom pairs. An empty item, keys GA4 does not know, and custom names or values without their pair are dropped: the item loses its id, price or custom parameters. Spaces around the ~ separators are kept in the values ("SKU1 " is another item than "SKU1") or break the key. Build items with gtag\'s items array instead of by hand.',
    reference: 'https://developers.google.com/analytics/devguides/collection/ga4/ecommerce',
    checkEvent(ctx, ev, at) {
      if (ctx.req.format !== 'gtag') return;
      for (let j = 0; j < ev.items.length; j++) {
        const item = ev.items[j] as Record<string, ParamValue>;
        const keys = ctx.keysOf(item);
        const bad = malformedItemKeys(ctx.req.format, item, keys);
        if (bad === undefined) {
          const spaced = spacedFields(item, keys);
          if (spaced !== undefined)
            ctx.emit(`${at}.items[${j}]`, `${ev.itemKeys[j] ?? `pr${j + 1}`} has spaces around its ~ separators: ${spaced.slice(0, 4).map((k) => `${k} "${show(String(item[k]), 30)}"`).join(', ')}; GA4 keeps them in the value.`, 'VALUE_INVALID');
          continue;
        }
        const wire = ev.itemKeys[j] ?? `pr${j + 1}`;
        ctx.emit(`${at}.items[${j}]`, bad.length === 0 ? `${wire} is empty: the item has no fields.` : `${wire} has keys GA4 cannot read: ${bad.slice(0, 6).map((k) => `"${show(k, 20)}"`).join(', ')}.`, 'VALUE_INVALID');
      }
    },
  },
  {
    id: 'ecom.duplicate_transaction',
    onlyEvents: ['purchase'],
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'Each transaction is sent once',
    explanation: 'This transaction_id was already sent as a purchase in the last 30 days: revenue is counted twice (usually a reloaded confirmation page). Fire purchase once per order, e.g. guarded by a flag in the order session.',
    reference: ECOM_REF,
    needsHistory: true,
    checkEvent(ctx, ev, at) {
      const { history } = ctx;
      const txn = transactionId(ev);
      if (!history || ev.name !== 'purchase' || txn === undefined) return;
      const key = historyKeys.transaction(scopeOf(ctx.req), txn);
      const prev = history.get(key) as TransactionRecord | undefined;
      const now = ctx.now;
      if (prev?.purchaseAt !== undefined || prev?.purchases !== undefined)
        ctx.emit(`${at}.params.transaction_id`, `Transaction "${show(txn)}" was already sent as a purchase${now !== undefined && prev.purchaseAt !== undefined ? ` ${Math.max(0, Math.round((now - prev.purchaseAt) / 1000))} s earlier` : ''}.`);
      const record: { purchases: number; purchaseAt?: number } = { ...prev, purchases: (prev?.purchases ?? 0) + 1 };
      const at0 = prev?.purchaseAt ?? now;
      if (at0 !== undefined) record.purchaseAt = at0;
      history.set(key, { ...record }, TXN_TTL);
    },
  },

  {
    id: 'ecom.funnel_order',
    onlyEvents: ['add_to_cart', 'begin_checkout', 'purchase'],
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'info',
    title: 'purchase follows cart or checkout',
    explanation: 'A purchase in a session that sent no add_to_cart or begin_checkout usually means those events are missing from the funnel (or the purchase came from another session). Check the checkout tags.',
    reference: ECOM_REF,
    needsHistory: true,
    checkEvent(ctx, ev, at) {
      const { history, req } = ctx;
      const cid = clientOf(req);
      if (!history || !cid || ev.session.id === undefined || ev.name === undefined) return;
      const isCart = ev.name === 'add_to_cart';
      const isCheckout = ev.name === 'begin_checkout';
      if (!isCart && !isCheckout && ev.name !== 'purchase') return;
      const key = historyKeys.session(scopeOf(req), cid, String(ev.session.id));
      const prev = history.get(key) as SessionRecord | undefined;
      if (ev.name === 'purchase') {
        if (!prev?.cart && !prev?.checkout) ctx.emit(`${at}.name`, 'purchase in a session with no add_to_cart or begin_checkout before it.');
        return;
      }
      history.set(key, { ...prev, cart: prev?.cart || isCart, checkout: prev?.checkout || isCheckout }, SESSION_TTL);
    },
  },
  {
    id: 'ecom.zero_value_purchase',
    onlyWithParams: ['value'],
    onlyEvents: ['purchase'],
    family: 'ecommerce',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'purchase value is not zero',
    explanation: 'A purchase with value 0 adds a transaction without revenue: usually the value variable is read before the order total is known. Read the total from the confirmed order.',
    reference: ECOM_REF,
    checkEvent(ctx, ev, at) {
      if (ev.name === 'purchase' && ev.params.value === 0) ctx.emit(`${at}.params.value`, 'purchase value is 0.');
    },
  },
];
