export interface Website {
  id: string;
  organization_id: string;
  name: string;
  domain: string;
  is_active: boolean;
  verification_status: string | null;
  created_at: string;
}
