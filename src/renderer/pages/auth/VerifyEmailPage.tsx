import { useEffect } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../data/auth/use-session';
import { authRedirectAtom } from '../../state/auth-atoms';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { DASHBOARD_PATH } from '../../routing/paths';
import { AuthHeading } from './AuthHeading';

/** A signed-in user reads the confirmation for this long before moving on to the dashboard. */
export const VERIFY_EMAIL_CONTINUE_DELAY_MS = 4000;

/**
 * Where the sign-up confirmation link lands. Unlike the other auth pages it does not redirect a
 * signed-in user at once: the link itself signs the user in, and they should see that the
 * email is confirmed. It then continues to the dashboard (or at once on "Continue").
 */
export function VerifyEmailPage() {
  const { user, loading } = useSession();
  const redirect = useAtomValue(authRedirectAtom);
  const navigate = useNavigate();
  const confirmed = Boolean(user?.email_confirmed_at);

  useEffect(() => {
    if (!confirmed) return;
    const timer = window.setTimeout(() => navigate(DASHBOARD_PATH, { replace: true }), VERIFY_EMAIL_CONTINUE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [confirmed, navigate]);

  if (loading) return <FullPageSpinner label="Confirming your email…" />;

  if (confirmed && user) {
    return (
      <>
        <AuthHeading title="Email confirmed" />
        <Stack>
          <Alert icon={<IconCircleCheck aria-hidden />} color="teal" title="You're all set">
            {user.email} is verified. Taking you to your dashboard…
          </Alert>
          <Button component={Link} to={DASHBOARD_PATH} fullWidth>
            Continue to dashboard
          </Button>
        </Stack>
      </>
    );
  }

  if (redirect?.error) {
    return (
      <>
        <AuthHeading title="Confirmation link problem" />
        <Stack>
          <Alert color="red" title="We could not confirm your email">
            {redirect.errorDescription ?? 'The link is invalid or has expired.'}
          </Alert>
          <Text size="sm">If you already confirmed your email, sign in. Otherwise sign up again to get a new link.</Text>
          <Button component={Link} to="/login" fullWidth>
            Sign in
          </Button>
          <Button component={Link} to="/signup" variant="subtle" fullWidth>
            Sign up
          </Button>
        </Stack>
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Verify your email" />
      <Stack>
        <Text>If you opened this page from your confirmation email, your address is verified. Sign in to continue.</Text>
        <Button component={Link} to="/login" fullWidth>
          Sign in
        </Button>
      </Stack>
    </>
  );
}
