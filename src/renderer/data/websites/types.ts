export interface Website {
  id: string;
  organization_id: string;
  name: string;
  domain: string;
  is_active: boolean;
  verification_status: string | null;
  created_at: string;
}

/** A website with every column the website screens show and edit. */
export interface WebsiteDetails extends Website {
  measurement_ids: string[];
  /** Public key the tracker script and the collector URLs carry (not a secret). */
  site_key: string;
  verified_at: string | null;
  /** When the first hit from the website's domain arrived (traffic, not proof of ownership). */
  receiving_traffic_at: string | null;
  /** What the domain publishes (DNS TXT, file or meta tag) to prove ownership. */
  verification_token: string;
  eu_traffic: boolean;
  currencies: string[];
}

/** What owners and admins may change on a website (verification and the site key are set by the server). */
export interface WebsiteChanges {
  name?: string;
  measurement_ids?: string[];
  eu_traffic?: boolean;
  currencies?: string[];
  is_active?: boolean;
}

export interface NewWebsite {
  organizationId: string;
  name: string;
  domain: string;
  measurementIds: string[];
}

/** A row of website_mp_secrets as owners and admins may read it (the hash never leaves the database). */
export interface MpSecret {
  id: string;
  website_id: string;
  name: string;
  /** The secret's first characters (e.g. "tlmp_3f9a1c2b"). */
  secret_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** rpc create_mp_secret's answer: the only time the whole secret is readable. */
export interface CreatedMpSecret {
  id: string;
  website_id: string;
  name: string;
  secret_prefix: string;
  created_at: string;
  secret: string;
}

/** Hits refused for a website in the recent window, for one reason. */
export interface RefusedHits {
  reason: string;
  count: number;
  lastAt: string;
}
