import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../data/auth/use-session';
import { useRequestPasswordResetMutation } from '../../data/auth/reset-password-mutation';
import { useUpdatePasswordMutation } from '../../data/auth/update-password-mutation';
import { notify } from '../../notifications/notify';
import { TOASTS, errorMessage } from '../../notifications/toast-catalogue';
import { authRedirectAtom, endRecoveryAtom } from '../../state/auth-atoms';
import { DASHBOARD_PATH } from '../../routing/paths';
import { AuthHeading } from './AuthLayout';
import { PASSWORD_MIN_LENGTH, hasErrors, validateEmail, validatePasswordChange, type FieldErrors } from './validation';

/**
 * /reset-password and /update-password. Without a recovery session it asks for the email to
 * send a reset link to; once the reset link has signed the user in for recovery, it asks for
 * the new password.
 */
export function PasswordPage() {
  const { recovery, user } = useSession();
  return recovery && user ? <UpdatePasswordForm /> : <RequestResetForm />;
}

function RequestResetForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const redirect = useAtomValue(authRedirectAtom);
  const reset = useRequestPasswordResetMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateEmail(email);
    setError(found);
    if (found) return;
    try {
      await reset.mutateAsync(email);
      notify(TOASTS.resetEmailSent);
      setSentTo(email.trim());
    } catch (err) {
      notify(TOASTS.resetFailed, errorMessage(err));
    }
  }

  return (
    <>
      <AuthHeading title="Reset your password" subtitle="We will email you a link to choose a new password." />
      {redirect?.type === 'recovery' && redirect.error && (
        <Alert color="red" mb="md" title="This reset link no longer works">
          {redirect.errorDescription ?? 'The link is invalid or has expired.'} Request a new one below.
        </Alert>
      )}
      {sentTo ? (
        <Alert color="teal" title="Reset email sent">
          If an account exists for <strong>{sentTo}</strong>, a reset link is on its way.
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Reset password">
          <Stack>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
            />
            <Button type="submit" loading={reset.isPending} fullWidth>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Text mt="lg" size="sm" ta="center">
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      </Text>
    </>
  );
}

function UpdatePasswordForm() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password' | 'confirm'>>({});
  const update = useUpdatePasswordMutation();
  const endRecovery = useSetAtom(endRecoveryAtom);
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validatePasswordChange({ password, confirm });
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await update.mutateAsync(password);
      notify(TOASTS.passwordUpdated);
      endRecovery();
      navigate(DASHBOARD_PATH, { replace: true });
    } catch (err) {
      notify(TOASTS.passwordUpdateFailed, errorMessage(err));
    }
  }

  return (
    <>
      <AuthHeading title="Choose a new password" />
      <form onSubmit={onSubmit} noValidate aria-label="Update password">
        <Stack>
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            error={errors.confirm}
          />
          <Button type="submit" loading={update.isPending} fullWidth>
            Update password
          </Button>
        </Stack>
      </form>
    </>
  );
}
