import { useEffect } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { invitationFromSearch, rememberInvitation } from '../../auth/invitation-token';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSignInMutation } from '../../data/auth/sign-in-mutation';
import { notify } from '../../notifications/notify';
import { TOASTS, errorMessage } from '../../notifications/toast-catalogue';
import { DASHBOARD_PATH } from '../../routing/paths';
import { returnPathFrom } from '../../routing/return-path';
import { AuthHeading } from './AuthLayout';
import { EmailField, PasswordField } from '../../components/fields/AccountFields';
import { validateEmail } from './validation';

export function LoginPage() {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: {
      email: validateEmail,
      password: (value) => (value ? null : 'Password is required'),
    },
  });
  const signIn = useSignInMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const invitation = invitationFromSearch(location.search);
  const invitationToken = invitation?.token;

  // Accepted after the sign-in by auth/InvitationRunner, from this tab's storage.
  useEffect(() => {
    if (invitationToken) rememberInvitation(invitationToken, window.sessionStorage);
  }, [invitationToken]);

  async function onSubmit({ email, password }: typeof form.values) {
    try {
      await signIn.mutateAsync({ email, password });
      notify(TOASTS.welcomeBack);
      navigate(returnPathFrom(location.state) ?? DASHBOARD_PATH, { replace: true });
    } catch (err) {
      notify(TOASTS.signInFailed, errorMessage(err));
    }
  }

  return (
    <>
      <AuthHeading title="Sign in" subtitle="Welcome back to Tracklint." />
      {invitation && (
        <Alert color="blue" mb="md" data-testid="invitation-notice">
          Sign in to accept your invitation and join the organization.
        </Alert>
      )}
      <form onSubmit={form.onSubmit((values) => void onSubmit(values))} noValidate aria-label="Sign in">
        <Stack>
          <EmailField {...form.getInputProps('email')} />
          <PasswordField {...form.getInputProps('password')} />
          <Group justify="space-between">
            <Anchor component={Link} to="/reset-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={signIn.isPending} fullWidth>
            Sign in
          </Button>
          <Text size="sm" ta="center">
            New to Tracklint?{' '}
            <Anchor component={Link} to="/signup">
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
