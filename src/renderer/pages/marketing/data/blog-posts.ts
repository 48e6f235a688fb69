export interface BlogSection {
  heading?: string;
  paragraphs: readonly string[];
  bullets?: readonly string[];
}

export interface BlogPost {
  slug: string;
  title: string;
  summary: string;
  sections: readonly BlogSection[];
}

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    slug: 'consent-mode-v2-signals',
    title: 'Reading Consent Mode v2 signals in GA4 hits',
    summary:
      'What the gcs and gcd parameters say about consent, and the checks that catch a consent setup that silently stopped working.',
    sections: [
      {
        paragraphs: [
          'Every GA4 hit sent by gtag.js carries the consent state that was in force when it fired. Reading those parameters is the quickest way to know whether your consent banner and your tags actually agree.',
        ],
      },
      {
        heading: 'gcs: storage consent',
        paragraphs: [
          'The gcs parameter has the form G1xy, where x is ad_storage and y is analytics_storage, 1 meaning granted and 0 denied. G111 means both are granted; G100 means both are denied. A hit with G100 can only exist in Advanced consent mode, because in Basic mode tags do not fire at all until consent is given.',
        ],
      },
      {
        heading: 'gcd: the four Consent Mode v2 signals',
        paragraphs: [
          'Consent Mode v2 added ad_user_data and ad_personalization to the two storage signals. The gcd parameter encodes all four, each as a letter that tells both the default state and any update. For example, l means the signal was never set, p means denied by default, r means denied by default and then granted, and v means granted by default and by update.',
          'If ad_user_data or ad_personalization decode to l, your site is not sending Consent Mode v2 signals, even though the older storage signals may look fine.',
        ],
      },
      {
        heading: 'What to check',
        paragraphs: ['For traffic from the EU, these are the checks worth running on every hit:'],
        bullets: [
          'A consent signal (gcs or gcd) is present at all.',
          'gcd is present and neither ad_user_data nor ad_personalization is l.',
          'The defaults are denied, not granted, before the visitor chooses.',
          'The storage states in gcd agree with the gcs bits.',
          'When analytics_storage is denied, the hit carries no User-ID and no user properties.',
          'When ad_personalization is denied, the hit sets npa=1.',
        ],
      },
      {
        paragraphs: [
          "Tracklint's consent and GDPR rule set runs these checks, and more, on every hit it receives, so a banner update that breaks the signals shows up as failing hits instead of a gap in next month's reports.",
        ],
      },
    ],
  },
  {
    slug: 'ga4-purchase-event-checklist',
    title: 'A checklist for the GA4 purchase event',
    summary:
      'The parameters a purchase hit needs so that revenue, items and refunds add up in GA4, and the mistakes that most often break them.',
    sections: [
      {
        paragraphs: [
          'The purchase event feeds revenue, item and funnel reports. GA4 accepts a malformed purchase without complaint, so mistakes surface weeks later as numbers that do not match your shop. Check these points before and after every release of your checkout.',
        ],
      },
      {
        heading: 'The event itself',
        paragraphs: [],
        bullets: [
          'transaction_id is set, and each order sends it once: a repeated transaction ID usually means a thank-you page that fires again on reload.',
          'value is a number, not a string, and is not negative.',
          'currency is set whenever value is set, as a three-letter ISO 4217 code such as USD or EUR.',
          'tax and shipping, when sent, are numbers of zero or more.',
          'A purchase with value 0 or no items deserves a second look.',
        ],
      },
      {
        heading: 'The items',
        paragraphs: [],
        bullets: [
          'items is present and not empty.',
          'Every item has an item_id or an item_name.',
          'price is a number of zero or more, and quantity a whole number of at least 1.',
          'value roughly equals the sum of price times quantity, allowing for discounts.',
        ],
      },
      {
        heading: 'Around the purchase',
        paragraphs: [],
        bullets: [
          'The session that purchases also shows begin_checkout or add_to_cart earlier on.',
          'A refund refers to the transaction_id of a purchase that was recorded.',
          'No email address, phone number or name appears in the page URL, the title or any parameter: GA4 forbids personal data.',
        ],
      },
      {
        paragraphs: [
          "Tracklint's e-commerce rule set checks each of these on live hits, so a broken checkout release is flagged the day it ships.",
        ],
      },
    ],
  },
  {
    slug: 'measurement-protocol-pitfalls',
    title: 'Measurement Protocol pitfalls that hide in plain sight',
    summary:
      "Google's collection endpoint accepts almost anything. These are the mistakes that make server-side events disappear from reports.",
    sections: [
      {
        paragraphs: [
          'The GA4 Measurement Protocol lets your servers send events directly. Its collection endpoint answers with a 2xx status even when the payload is malformed, so a broken integration looks healthy from the outside.',
        ],
      },
      {
        heading: 'Common mistakes',
        paragraphs: [],
        bullets: [
          'session_id and engagement_time_msec sit at the top level instead of inside each event\'s params, so the events do not appear in Realtime or in sessions.',
          'timestamp_micros is in milliseconds instead of microseconds, or more than 72 hours in the past.',
          'More than 25 events in one request, or more than 25 parameters on one event.',
          'Event or parameter names that break the naming rules: they must start with a letter, use only letters, digits and underscores, stay within 40 characters and avoid the reserved prefixes google_, ga_ and firebase_.',
          'Reserved event names such as session_start or first_visit sent as if they were your own.',
          'Consent values other than exactly GRANTED or DENIED.',
        ],
      },
      {
        heading: 'How to catch them',
        paragraphs: [
          "Google's validation endpoint (/debug/mp/collect) returns validation messages for a payload you send it, which is useful while you build the integration. It does not see your production traffic, though, and it does not check your api_secret.",
          'Sending a copy of each production request to Tracklint runs the same kind of checks continuously, on the events you actually send.',
        ],
      },
    ],
  },
];

/** Finds a post by its URL slug; slugs are lowercase, so the lookup ignores case and surrounding spaces. */
export function findPostBySlug(slug: string | undefined): BlogPost | undefined {
  if (!slug) return undefined;
  const wanted = slug.trim().toLowerCase();
  return BLOG_POSTS.find((post) => post.slug === wanted);
}

export function blogPostPath(post: Pick<BlogPost, 'slug'>): string {
  return `/blog/${post.slug}`;
}
