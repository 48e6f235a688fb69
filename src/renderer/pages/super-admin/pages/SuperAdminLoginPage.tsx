import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { guardDecision } from '../session/session-logic';
import { useSuperAdminSession } from '../session/SuperAdminSessionProvider';
import { AuthCard } from './AuthCard';

export const SUPER_ADMIN_HOME = '/super-admin/dashboard';

/** Where to go after sign-in: back to the page the guard turned away, if it was a super-admin page. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/super-admin/') && !from.startsWith('/super-admin/login')
    ? from
    : SUPER_ADMIN_HOME;
}

export function SuperAdminLoginPage() {
  const { state, controller } = useSuperAdminSession();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (guardDecision(state) === 'enter') return <Navigate to={returnPath(location.state)} replace />;
  if (state.status === 'mfa-required') return <Navigate to="/super-admin/mfa" replace state={location.state} />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    const outcome = await controller.signIn(email, password);
    setSubmitting(false);
    // Signed in or MFA: the state change above redirects.
    if (outcome.kind === 'error') setError(outcome.message);
  };

  return (
    <AuthCard title="Super Admin sign in" subtitle="Restricted to Tracklint system administrators.">
      <form onSubmit={(event) => void submit(event)} aria-label="Super admin sign in">
        <Stack gap="md">
          {error && (
            <Alert color="red" role="alert" title="Sign in failed">
              {error}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={submitting} disabled={!email.trim() || !password}>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
