import { useMutation } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { platform } from '../../platform';
import type { Plan } from '../organizations/types';
import { authKeys } from './keys';
import { INVITATION_METADATA_KEY } from '../../auth/invitation-token';

export interface SignUpInput {
  email: string;
  password: string;
  fullName: string;
  organizationName: string;
  organizationSlug: string;
  organizationPlan: Plan;
}

/** Path the confirmation email link returns to. */
export const VERIFY_EMAIL_PATH = '/verify-email';

/**
 * Creates the account and sends the confirmation email. The organization details ride along as
 * user metadata; the organization itself is created after the first confirmed sign-in
 * (auth/OrganizationSetupRunner).
 */
export async function signUp(client: TracklintClient, input: SignUpInput, webOrigin: string) {
  const { data, error } = await client.auth.signUp({
    email: input.email.trim(),
    password: input.password,
    options: {
      data: {
        full_name: input.fullName.trim(),
        organization_name: input.organizationName.trim(),
        organization_slug: input.organizationSlug.trim(),
        organization_plan: input.organizationPlan,
      },
      emailRedirectTo: webOrigin + VERIFY_EMAIL_PATH,
    },
  });
  if (error) throw error;
  return data;
}

export function useSignUpMutation() {
  const client = useSupabase();
  return useMutation({
    mutationKey: authKeys.signUp(),
    mutationFn: (input: SignUpInput) => signUp(client, input, platform.webOrigin),
  });
}

export interface InvitedSignUpInput {
  email: string;
  password: string;
  fullName: string;
  invitationToken: string;
}

/**
 * Sign-up of someone invited to an organization: no organization details (so no organization
 * is created for them after sign-in); the invitation token rides along as metadata and is
 * accepted after the first confirmed sign-in (app/InvitationRunner).
 */
export async function signUpWithInvitation(client: TracklintClient, input: InvitedSignUpInput, webOrigin: string) {
  const { data, error } = await client.auth.signUp({
    email: input.email.trim(),
    password: input.password,
    options: {
      data: { full_name: input.fullName.trim(), [INVITATION_METADATA_KEY]: input.invitationToken },
      emailRedirectTo: webOrigin + VERIFY_EMAIL_PATH,
    },
  });
  if (error) throw error;
  return data;
}

export function useInvitedSignUpMutation() {
  const client = useSupabase();
  return useMutation({
    mutationKey: [...authKeys.signUp(), 'invitation'],
    mutationFn: (input: InvitedSignUpInput) => signUpWithInvitation(client, input, platform.webOrigin),
  });
}
