import { useEffect } from 'react';
import { Alert } from '@mantine/core';
import { useForm } from '@mantine/form';
import { invitationFromSearch, rememberInvitation } from '../../auth/invitation-token';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSignInMutation } from '../../data/auth/sign-in-mutation';
import { notify } from '../../notifications/notify';
import { TOASTS, errorMessage } from '../../notifications/toast-catalogue';
import { DASHBOARD_PATH } from '../../routing/paths';
import { returnPathFrom } from '../../routing/return-path';
import { SignInView } from './SignInView';
import { validateEmail } from '../../components/fields/validation';

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

  // Accepted after the sign-in by app/InvitationRunner, from this tab's storage.
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
    <SignInView
      email={form.getInputProps('email')}
      password={form.getInputProps('password')}
      onSubmit={form.onSubmit((values) => void onSubmit(values))}
      loading={signIn.isPending}
      notice={
        invitation && (
          <Alert color="blue" mb="md" data-testid="invitation-notice">
            Sign in to accept your invitation and join the organization.
          </Alert>
        )
      }
    />
  );
}
