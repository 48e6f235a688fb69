import { dict, parseForm, splitUrl } from './form';
import type { ClientHintBrand, PageInfo, UtmInfo } from './types';

// Maps, not object literals: a page URL's keys are the sender's, and `?constructor=x` must not find
// Object.prototype's members.
const UTM_FIELDS: ReadonlyMap<string, keyof UtmInfo> = new Map([
  ['utm_source', 'source'],
  ['utm_medium', 'medium'],
  ['utm_campaign', 'campaign'],
  ['utm_id', 'id'],
  ['utm_term', 'term'],
  ['utm_content', 'content'],
]);

const CLICK_ID_FIELDS: ReadonlyMap<string, 'gclid' | 'gbraid' | 'wbraid' | 'dclid' | 'linker'> = new Map([
  ['gclid', 'gclid'],
  ['gbraid', 'gbraid'],
  ['wbraid', 'wbraid'],
  ['dclid', 'dclid'],
  ['_gl', 'linker'],
]);

export function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const { host } = splitUrl(url);
  return host === '' ? undefined : host;
}

/** Builds the page view of an event from `dl`/`dr`/`dt`, pulling out UTM, click ids and the linker. */
export function buildPage(location: string | undefined, referrer: string | undefined, title: string | undefined): PageInfo {
  // Fields present from the start, undefined when unset (JSON omits them), in the order they are
  // assigned, so pages share one hidden class and JSON is unchanged. Click ids are assigned in the
  // URL's order, so a page with any keeps the old, growing shape.
  const page: PageInfo = { query: dict<string>(), utm: {}, utmKeys: [], location: undefined, host: undefined };
  let clickIds = false;
  if (location !== undefined) {
    page.location = location;
    const split = splitUrl(location);
    if (split.host) page.host = split.host;
    if (split.query) {
      const q = parseForm(split.query);
      page.query = q;
      for (const key in q) {
        const utm = UTM_FIELDS.get(key);
        const value = q[key] as string;
        if (utm) {
          page.utmKeys.push(key);
          if (value !== '') page.utm[utm] = value;
        } else {
          const clickId = CLICK_ID_FIELDS.get(key);
          if (clickId) {
            page[clickId] = value;
            clickIds = true;
          }
        }
      }
    }
  }
  if (!clickIds) {
    page.referrer = undefined;
    page.referrerHost = undefined;
    page.title = undefined;
  }
  if (referrer !== undefined) {
    page.referrer = referrer;
    const rh = hostOf(referrer);
    if (rh) page.referrerHost = rh;
  }
  if (title !== undefined) page.title = title;
  return page;
}

/**
 * The last page built for each page URL, with the referrer and title it was built with. A site's
 * visitors send the same few page URLs over and over, and buildPage (split the URL, parse its
 * query, sort out UTM and click ids, split the referrer) is a good part of decoding a hit. Only the
 * decoder's one-page-per-hit cases use it (a single-event hit, a batch's query-level page): a page
 * built for a body line stays an object of its own, so the pages of one hit are distinct objects
 * exactly when they were before (ctx.pages tells them apart by identity). Cached pages are shared
 * between hits and results: the model is read-only. Bounded in entries and in each string's
 * length, so a hostile sender cannot grow it.
 */
interface CachedPage {
  referrer: string | undefined;
  title: string | undefined;
  page: PageInfo;
}
const pageCache = new Map<string, CachedPage>();
const PAGE_CACHE_MAX = 512;
const PAGE_CACHE_MAX_CHARS = 2048;

/** buildPage's page for these fields, shared with earlier hits that sent the same ones (see pageCache). */
export function cachedPage(location: string | undefined, referrer: string | undefined, title: string | undefined): PageInfo {
  if (location === undefined || location.length > PAGE_CACHE_MAX_CHARS || (referrer?.length ?? 0) > PAGE_CACHE_MAX_CHARS || (title?.length ?? 0) > PAGE_CACHE_MAX_CHARS)
    return buildPage(location, referrer, title);
  const hit = pageCache.get(location);
  if (hit !== undefined && hit.referrer === referrer && hit.title === title) return hit.page;
  const page = buildPage(location, referrer, title);
  if (hit === undefined && pageCache.size >= PAGE_CACHE_MAX) pageCache.clear();
  pageCache.set(location, { referrer, title, page });
  return page;
}

/** `uafvl` is `brand;version|brand;version` with each brand URL-encoded a second time. */
export function decodeBrands(fullVersionList: string | undefined): ClientHintBrand[] {
  if (!fullVersionList) return [];
  const out: ClientHintBrand[] = [];
  const parts = fullVersionList.split('|');
  for (let i = 0; i < parts.length && i < 20; i++) {
    const part = parts[i] as string;
    const semi = part.lastIndexOf(';');
    const rawBrand = semi === -1 ? part : part.slice(0, semi);
    let brand = rawBrand;
    try {
      brand = decodeURIComponent(rawBrand);
    } catch {
      brand = rawBrand;
    }
    out.push({ brand, version: semi === -1 ? '' : part.slice(semi + 1) });
  }
  return out;
}
