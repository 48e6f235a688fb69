import { dict, parseForm, splitUrl } from './form';
import type { ClientHintBrand, PageInfo, UtmInfo } from './types';

const UTM_FIELDS: Record<string, keyof UtmInfo> = {
  utm_source: 'source',
  utm_medium: 'medium',
  utm_campaign: 'campaign',
  utm_id: 'id',
  utm_term: 'term',
  utm_content: 'content',
};

export function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const { host } = splitUrl(url);
  return host === '' ? undefined : host;
}

/** Builds the page view of an event from `dl`/`dr`/`dt`, pulling out UTM, click ids and the linker. */
export function buildPage(location: string | undefined, referrer: string | undefined, title: string | undefined): PageInfo {
  const page: PageInfo = { query: dict<string>(), utm: {}, utmKeys: [] };
  if (location !== undefined) {
    page.location = location;
    const split = splitUrl(location);
    if (split.host) page.host = split.host;
    if (split.query) {
      const q = parseForm(split.query);
      page.query = q;
      for (const key in q) {
        const utm = UTM_FIELDS[key];
        const value = q[key] as string;
        if (utm) {
          page.utmKeys.push(key);
          if (value !== '') page.utm[utm] = value;
        } else if (key === 'gclid') page.gclid = value;
        else if (key === 'gbraid') page.gbraid = value;
        else if (key === 'wbraid') page.wbraid = value;
        else if (key === 'dclid') page.dclid = value;
        else if (key === '_gl') page.linker = value;
      }
    }
  }
  if (referrer !== undefined) {
    page.referrer = referrer;
    const rh = hostOf(referrer);
    if (rh) page.referrerHost = rh;
  }
  if (title !== undefined) page.title = title;
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
