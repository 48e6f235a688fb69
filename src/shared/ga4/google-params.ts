/**
 * Google's own /g/collect parameters: what gtag.js, the Google tag gateway and server-side GTM
 * send themselves. A hit carrying one of these is not "sending unknown data", so rules never
 * advise re-sending them as ep.* (issue 9).
 *
 * `source` says where the meaning comes from; `checked` is the date the table was last compared
 * with real traffic (the corpora in tests/fixtures/ga4). Internal flags
 * (`_`-prefixed, `gap.*`, `sst.*`) change often: they are accepted by prefix and logged, not validated.
 */
export interface GoogleParam {
  name: string;
  meaning: string;
  source: 'gtag.js traffic' | 'tag gateway traffic' | 'sGTM traffic' | 'Firebase SDK traffic' | 'REFERENCE.md §1.2';
  checked: string;
}

const CHECKED = '2026-11-27';

const TABLE: ReadonlyArray<[string, string, GoogleParam['source']]> = [
  ['v', 'protocol version (2)', 'REFERENCE.md §1.2'],
  ['tid', 'measurement ID', 'REFERENCE.md §1.2'],
  ['gtm', 'tag / container build hash', 'REFERENCE.md §1.2'],
  ['_p', 'page-load id (often the load time in ms)', 'REFERENCE.md §1.2'],
  ['_s', 'hit counter within the page load', 'REFERENCE.md §1.2'],
  ['cid', 'client id (_ga cookie)', 'REFERENCE.md §1.2'],
  ['uid', 'User-ID', 'REFERENCE.md §1.2'],
  ['ul', 'browser language', 'REFERENCE.md §1.2'],
  ['sr', 'screen resolution', 'REFERENCE.md §1.2'],
  ['uaa', 'UA client hint: architecture', 'REFERENCE.md §1.2'],
  ['uab', 'UA client hint: bitness', 'REFERENCE.md §1.2'],
  ['uafvl', 'UA client hint: full version list', 'REFERENCE.md §1.2'],
  ['uamb', 'UA client hint: mobile', 'REFERENCE.md §1.2'],
  ['uam', 'UA client hint: model', 'REFERENCE.md §1.2'],
  ['uap', 'UA client hint: platform', 'REFERENCE.md §1.2'],
  ['uapv', 'UA client hint: platform version', 'REFERENCE.md §1.2'],
  ['uaw', 'UA client hint: WoW64', 'REFERENCE.md §1.2'],
  ['sid', 'session id (session start, Unix seconds)', 'REFERENCE.md §1.2'],
  ['sct', 'session count', 'REFERENCE.md §1.2'],
  ['seg', 'session engaged', 'REFERENCE.md §1.2'],
  ['dl', 'page location', 'REFERENCE.md §1.2'],
  ['dr', 'page referrer', 'REFERENCE.md §1.2'],
  ['dt', 'page title', 'REFERENCE.md §1.2'],
  ['en', 'event name', 'REFERENCE.md §1.2'],
  ['_et', 'engagement time (ms)', 'REFERENCE.md §1.2'],
  ['cu', 'currency', 'REFERENCE.md §1.2'],
  ['_c', 'key event (conversion)', 'REFERENCE.md §1.2'],
  ['_fv', 'first visit', 'REFERENCE.md §1.2'],
  ['_ss', 'session start', 'REFERENCE.md §1.2'],
  ['_nsi', 'new session id', 'REFERENCE.md §1.2'],
  ['_ee', 'external event / enhanced measurement', 'REFERENCE.md §1.2'],
  ['tfd', 'ms since navigation start', 'REFERENCE.md §1.2'],
  ['_dbg', 'debug mode (DebugView)', 'REFERENCE.md §1.2'],
  ['ir', 'ignore referrer', 'REFERENCE.md §1.2'],
  ['tt', 'traffic type', 'REFERENCE.md §1.2'],
  ['gcs', 'consent state G1xy (x ad_storage, y analytics_storage; 1/0/-)', 'gtag.js traffic'],
  ['gcd', 'consent mode v2 state of four signals', 'REFERENCE.md §1.2'],
  ['gcu', 'consent update flag', 'REFERENCE.md §1.2'],
  ['gcut', 'consent update type', 'REFERENCE.md §1.2'],
  ['npa', 'non-personalised ads', 'REFERENCE.md §1.2'],
  ['dma', 'DMA applicability', 'REFERENCE.md §1.2'],
  ['dma_cps', 'DMA consented purposes', 'REFERENCE.md §1.2'],
  ['pscdl', 'Privacy Sandbox cookie-deprecation label', 'REFERENCE.md §1.2'],
  ['are', 'internal flag', 'gtag.js traffic'],
  ['frm', 'in a frame', 'gtag.js traffic'],
  ['tcfd', 'IAB TCF data flags of the tag (e.g. 10000, 1000g)', 'gtag.js traffic'],
  ['dp', 'page path sent by some Google tag integrations (e.g. Shopify\'s Google channel) next to dl', 'gtag.js traffic'],
  ['_eu', 'usage bitmask', 'gtag.js traffic'],
  ['tag_exp', 'experiment ids', 'gtag.js traffic'],
  ['ecid', 'enhanced client id', 'gtag.js traffic'],
  ['_gaz', 'internal flag', 'gtag.js traffic'],
  ['gaf', 'internal flag', 'tag gateway traffic'],
  ['rcb', 'request counter', 'tag gateway traffic'],
  ['lps', 'internal flag', 'REFERENCE.md §1.2'],
  ['_tu', 'usage bitmask', 'gtag.js traffic'],
  ['pae', 'internal flag', 'gtag.js traffic'],
  ['_z', 'internal flag', 'gtag.js traffic'],
  ['cm', 'campaign medium', 'REFERENCE.md §1.2'],
  ['cs', 'campaign source', 'REFERENCE.md §1.2'],
  ['cn', 'campaign name', 'REFERENCE.md §1.2'],
  ['cc', 'campaign content', 'REFERENCE.md §1.2'],
  ['ck', 'campaign term', 'REFERENCE.md §1.2'],
  ['ct', 'campaign term (alternative spelling)', 'REFERENCE.md §1.2'],
  ['ccf', 'campaign creative format', 'REFERENCE.md §1.2'],
  ['cmt', 'campaign marketing tactic', 'REFERENCE.md §1.2'],
  ['ci', 'campaign id', 'REFERENCE.md §1.2'],
  ['_rnd', 'gclid de-duplicator', 'REFERENCE.md §1.2'],
  ['ur', 'user region (ISO 3166-2)', 'tag gateway traffic'],
  ['_uc', 'user country', 'REFERENCE.md §1.2'],
  ['_fplc', 'first-party linker cookie', 'REFERENCE.md §1.2'],
  ['_glv', 'linker valid', 'REFERENCE.md §1.2'],
  ['gdpr', 'IAB TCF applies', 'REFERENCE.md §1.2'],
  ['gdpr_consent', 'IAB TCF string', 'REFERENCE.md §1.2'],
  ['us_privacy', 'IAB USP string', 'REFERENCE.md §1.2'],
  ['richsstsse', 'sGTM rich server-sent events flag', 'sGTM traffic'],
  ['ec_mode', 'user-provided data mode', 'tag gateway traffic'],
  ['gtm_up', 'user-provided data', 'gtag.js traffic'],
  ['edid', 'internal id', 'gtag.js traffic'],
  ['em', 'hashed user-provided email', 'gtag.js traffic'],
  ['_gsid', 'Google session id (tag gateway)', 'tag gateway traffic'],
  ['ngs', 'internal flag', 'gtag.js traffic'],
  ['apve', 'internal flag', 'gtag.js traffic'],
  ['apvf', 'internal flag', 'gtag.js traffic'],
  ['dpi', 'internal flag', 'gtag.js traffic'],
  ['_uip', 'user IP placeholder (tag gateway / sGTM)', 'tag gateway traffic'],
  ['gdid', 'Google developer id(s)', 'tag gateway traffic'],
  ['excid', 'experiment / exclusion id', 'gtag.js traffic'],
  ['evnid', 'event id', 'gtag.js traffic'],
  ['fp', 'first-party collection (tag gateway)', 'tag gateway traffic'],
  ['ae', 'internal flag', 'tag gateway traffic'],
  ['_fid', 'Firebase installation id', 'Firebase SDK traffic'],
  ['_geo', 'geo flag', 'gtag.js traffic'],
  ['_rdi', 'redact device info', 'gtag.js traffic'],
  ['_prs', 'internal flag', 'tag gateway traffic'],
  ['ecsid', 'internal id', 'gtag.js traffic'],
];

export const GOOGLE_PARAMS: readonly GoogleParam[] = TABLE.map(([name, meaning, source]) => ({ name, meaning, source, checked: CHECKED }));

/** Prefixes Google uses for families of internal parameters. */
export const GOOGLE_PARAM_PREFIXES: readonly string[] = ['_', 'gap.', 'sst.'];

export const GOOGLE_PARAM_NAMES: ReadonlySet<string> = new Set(TABLE.map((r) => r[0]));

/** Whether a top-level /g/collect key is one of Google's own (by name or by family prefix). */
export function isGoogleParam(key: string): boolean {
  if (GOOGLE_PARAM_NAMES.has(key)) return true;
  for (const p of GOOGLE_PARAM_PREFIXES) if (key.startsWith(p)) return true;
  return false;
}
