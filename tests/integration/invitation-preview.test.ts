import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients';
import { api, invitationTokenFor, signUpConfirmed, subscribe, type Persona } from '../support/personas';

// Issue 23, defect 8: the invitation landing page names the organization, for the token's holder only.
let owner: Persona;
let token: string;
const orgName = 'Preview Outfitters';

beforeAll(async () => {
  owner = await signUpConfirmed('preview-owner', { full_name: 'Paula Preview' });
  const { data, error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: orgName, org_slug: `preview-${Date.now().toString(36)}`, org_plan: 'free' });
  if (error) throw error;
  const orgId = (data as { organization_id: string }).organization_id;
  await subscribe(orgId, 'starter');
  const email = `invitee-${Date.now().toString(36)}@example.test`;
  const invited = await api(owner, 'POST', `/api/organizations/${orgId}/invitations`, { email, role: 'viewer' });
  expect(invited.status).toBe(201);
  token = await invitationTokenFor(email);
});

describe('invitation_preview', () => {
  it('tells an anonymous holder of the token the organization, the role and who invited them', async () => {
    const { data, error } = await anonClient().rpc('invitation_preview', { invitation_token: token });
    expect(error).toBeNull();
    expect(data).toMatchObject({ organization_name: orgName, role: 'viewer', invited_by: 'Paula Preview' });
    expect(Object.keys(data as object).sort()).toEqual(['expires_at', 'invited_by', 'organization_name', 'role']);
  });

  it('says nothing for an unknown token', async () => {
    const { data, error } = await anonClient().rpc('invitation_preview', { invitation_token: `${token}x` });
    expect(error).toBeNull();
    expect(data).toBeNull();
  });
});
