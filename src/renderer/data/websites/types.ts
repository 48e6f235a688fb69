export interface Website {
  id: string;
  organization_id: string;
  name: string;
  domain: string;
  is_active: boolean;
  verification_status: string | null;
  created_at: string;
}

export type VerificationStatus = 'pending' | 'verified' | 'failed';

/** A website with every column the website screens show and edit. */
export interface WebsiteDetails extends Website {
  measurement_ids: string[];
  /** Public key the tracker script and the collector URLs carry (not a secret). */
  site_key: string;
  verified_at: string | null;
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
