/**
 * Sample GA4 requests for the validation page, copied from the GA4 hit corpus. Each is in the corpus
 * capture format that parseCaptureFile reads. The corpus's "# source: ..." comment lines record
 * provenance for us, not for users: they are moved to `provenance` and kept out of the text shown.
 */
export interface ValidationSample {
  id: string;
  label: string;
  description: string;
  text: string;
}

export interface ShownSample extends ValidationSample {
  /** The corpus comment lines (where the capture came from), never shown in the product. */
  provenance: string[];
}

/** Splits a corpus capture into its comment lines and the request a user pastes. */
export function withoutCorpusComments(sample: ValidationSample): ShownSample {
  const lines = sample.text.split('\n');
  return {
    ...sample,
    provenance: lines.filter((line) => line.startsWith('#')),
    text: lines.filter((line) => !line.startsWith('#')).join('\n'),
  };
}

const CORPUS_SAMPLES: readonly ValidationSample[] = [
  {
    id: "page-view-consent",
    label: "Page view with consent and UTM (gtag)",
    description: "A real page_view from a consent-mode site, with UTM parameters and gclid on the page URL.",
    text: "# source: https://github.com/foomo/sesamy-go/blob/9949ed9cf891d9133acd5500d8fdd28be0996920/pkg/encoding/gtag/decode_test.go\n# host/path not in source (query string only); /g/collect path assumed by corpus compiler\n# event: page_view; gcs=G111 gcd=13r3r3r2r5l1 (all granted after update); dl carries utm_* + gclid + gtm_debug; sGTM sst.* params present\n# expected: valid\nMETHOD: POST(assumed)\nURL: /g/collect?v=2&tid=G-F9XM71K45T&gtm=45he5641v9184715813z89184708445za204zb9184708445&_p=1749196701069&gcs=G111&gcd=13r3r3r2r5l1&npa=0&dma_cps=syphamo&dma=1&tag_exp=101509157~103116026~103200004~103233427~103351869~103351871~104653070~104653072~104661466~104661468~104698127~104698129&cid=584335997.1746564151&ecid=1548980841&ul=en-us&sr=1728x1117&lps=1&_fplc=0&ur=DE&uaa=arm&uab=64&uafvl=Chromium%3B136.0.7103.114%7CGoogle%2520Chrome%3B136.0.7103.114%7CNot.A%252FBrand%3B99.0.0.0&uamb=0&uam=&uap=macOS&uapv=15.5.0&uaw=0&are=1&frm=0&pscdl=noapi&ec_mode=a&_eu=AAAAAAQ&sst.rnd=506702095.1749196701&sst.etld=google.de&sst.gcsub=region1&sst.adr=1&sst.tft=1749196701069&sst.lpc=253076363&sst.navt=n&sst.ude=1&sst.sw_exp=1&_s=13&dl=https%3A%2F%2Fsesamy.bestbytes.com%2F%3Futm_source%3Dgoogle%26utm_medium%3Ddemandgen%26utm_campaign%3Ddemandgenprodukte%26utm_id%3D22133718417%26utm_content%3D%26utm_term%3D%26gad_source%3D1%26gad_campaignid%3D22133718417%26gclid%3DCj0KCQjwlrvBBhDnARIsAHEQgOSQ%26gtm_debug%3D1747981544829&dt=Sesamy%20Demo%20Page&sid=1749196701&sct=41&seg=1&dr=https%3A%2F%2Fbestbytes.cloudflareaccess.com%2F&_tu=DA&en=page_view&_et=12397&tfd=285810&richsstsse\n",
  },
  {
    id: "purchase-missing-fields",
    label: "Purchase without transaction id (gtag)",
    description: "A purchase with one item but no transaction_id, currency, value or client id: several errors.",
    text: "# source: public GitHub file (repository not identified), search-index file id 54785958621; mock audit data marking this request status 'error'\n# SYNTHETIC; purchase with pr1 but no transaction_id, no currency, no value, no cid\nMETHOD: GET\nURL: https://www.google-analytics.com/g/collect?v=2&tid=G-12345&en=purchase&pr1=id123~nmProduct~pr29.99\n",
  },
  {
    id: "mp-login",
    label: "Login event (Measurement Protocol)",
    description: "Google's own Measurement Protocol example, with placeholder ids left in.",
    text: "# source: https://developers.google.com/analytics/devguides/collection/protocol/ga4/sending-events\n# Measurement Protocol JSON body example from Google docs; placeholders CLIENT_ID / SESSION_ID kept verbatim\n# engagement_time_msec and session_id inside params as documented for Realtime reporting\nMETHOD: POST\nURL: https://www.google-analytics.com/mp/collect?measurement_id=MEASUREMENT_ID&api_secret=API_SECRET\nBODY:\n{\n \"client_id\": \"CLIENT_ID\",\n \"events\": [\n    {\n      \"name\": \"login\",\n      \"params\": {\n        \"method\": \"Google\",\n        \"session_id\": \"SESSION_ID\",\n        \"engagement_time_msec\": 100\n      }\n    }\n ]\n}\n",
  },
  {
    id: "numeric-tid",
    label: "Malformed measurement ID (gtag)",
    description: "A hit whose tid is a number instead of a G-XXXXXXX measurement ID.",
    text: "# source: https://github.com/d8a-tech/d8a/blob/d7475c159d9473a508b406e7876b6834b771af1a/README.md\n# MALFORMED for Google GA4: tid=14 is not a G-XXXXXXX measurement id (d8a uses numeric property ids); no _p, no sid, no gtm\nMETHOD: POST\nURL: http://localhost:8080/g/collect?v=2&tid=14&dl=https%3A%2F%2Ffoo.bar&en=page_view&cid=ag9\nBODY:\n",
  },
];

export const VALIDATION_SAMPLES: readonly ShownSample[] = CORPUS_SAMPLES.map(withoutCorpusComments);
