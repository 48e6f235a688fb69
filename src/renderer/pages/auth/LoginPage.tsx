import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { invitationFromSearch, rememberInvitation } from '../../auth/invitation-token';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSignInMutation } from '../../data/auth/sign-in-mutation';
import { notify } from '../../notifications/notify';
import { TOASTS, errorMessage } from '../../notifications/toast-catalogue';
import { DASHBOARD_PATH } from '../../routing/paths';
import { returnPathFrom } from '../../routing/return-path';
import { AuthHeading } from './AuthLayout';
import { hasErrors, validateSignIn, type FieldErrors } from './validation';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const signIn = useSignInMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const invitation = invitationFromSearch(location.search);
  const invitationToken = invitation?.token;

  // Accepted after the sign-in by auth/InvitationRunner, from this tab's storage.
  useEffect(() => {
    if (invitationToken) rememberInvitation(invitationToken, window.sessionStorage);
  }, [invitationToken]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateSignIn({ email, password });
    setErrors(found);
    if (hasErrors(found)) return;
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
      <form onSubmit={onSubmit} noValidate aria-label="Sign in">
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
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
