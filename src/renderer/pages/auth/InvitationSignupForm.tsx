import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useInvitedSignUpMutation } from '../../data/auth/sign-up-mutation';
import { useInvitationPreviewQuery, type InvitationPreview } from '../../data/team/invitation-preview-query';
import { INVITATION_PARAM, rememberInvitation, type InvitationLink } from '../../auth/invitation-token';
import { notify } from '../../notifications/notify';
import { TOASTS } from '../../notifications/toast-catalogue';
import { AuthHeading } from './AuthHeading';
import { ConfirmationSent } from './ConfirmationSent';
import { EmailField, NameField, PasswordField } from '../../components/fields/AccountFields';
import { reportPasswordRefusal } from '../../components/fields/form-errors';
import { validateInvitedSignUp, type InvitedSignUpValues } from '../../components/fields/validation';

/** The sign-in link that keeps the invitation, for people who already have an account. */
export function invitationLoginPath(token: string): string {
  return `/login?${new URLSearchParams({ [INVITATION_PARAM]: token }).toString()}`;
}

/** What the landing page says about the invitation: who invited you to which organization, as what. */
export function invitationNotice(preview: InvitationPreview | null | undefined): string {
  if (preview === undefined) return 'After you confirm your email and sign in, you join the organization that invited you.';
  if (preview === null) return 'This invitation link is no longer valid (used or expired). Ask the person who invited you for a new one.';
  const by = preview.invited_by ? `${preview.invited_by} invited you` : 'You are invited';
  return `${by} to join ${preview.organization_name} as ${preview.role === 'admin' ? 'an admin' : `a ${preview.role}`}. After you confirm your email and sign in, you join ${preview.organization_name}.`;
}

/**
 * /signup?invitation=TOKEN&email=EMAIL: an account to join the organization that sent the
 * invitation, so no organization fields. The invitation is accepted after the first confirmed sign-in.
 */
export function InvitationSignupForm({ invitation }: { invitation: InvitationLink }) {
  const form = useForm<InvitedSignUpValues>({
    mode: 'controlled',
    initialValues: { email: invitation.email ?? '', password: '', fullName: '' },
    validate: validateInvitedSignUp,
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signUp = useInvitedSignUpMutation();
  const preview = useInvitationPreviewQuery(invitation.token);
  const organizationName = preview.data?.organization_name;

  // Kept for this tab too, in case the user signs in here instead (e.g. an existing account).
  useEffect(() => rememberInvitation(invitation.token, window.sessionStorage), [invitation.token]);

  async function onSubmit(values: InvitedSignUpValues) {
    try {
      await signUp.mutateAsync({ ...values, invitationToken: invitation.token });
      notify(TOASTS.accountCreated);
      setSentTo(values.email.trim());
    } catch (err) {
      reportPasswordRefusal(err, (message) => form.setFieldError('password', message), TOASTS.signUpFailed);
    }
  }

  if (sentTo) return <ConfirmationSent email={sentTo} loginPath={invitationLoginPath(invitation.token)} joining={organizationName ?? 'the organization'} />;

  return (
    <>
      <AuthHeading
        title={organizationName ? `Join ${organizationName}` : 'Join an organization'}
        subtitle={organizationName ? `You have been invited to ${organizationName} on Tracklint. Create your account to join it.` : 'You have been invited to a team on Tracklint. Create your account to join it.'}
      />
      <Alert icon={<IconUsers aria-hidden />} color={preview.data === null ? 'yellow' : 'blue'} mb="md" data-testid="invitation-notice">
        {invitationNotice(preview.data)}
      </Alert>
      <form onSubmit={form.onSubmit((values) => void onSubmit(values))} noValidate aria-label="Sign up to join">
        <Stack>
          <EmailField description="The invitation was sent to this address" {...form.getInputProps('email')} />
          <PasswordField isNew {...form.getInputProps('password')} />
          <NameField {...form.getInputProps('fullName')} />
          <Button type="submit" loading={signUp.isPending} fullWidth>
            Create account and join
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={invitationLoginPath(invitation.token)}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
