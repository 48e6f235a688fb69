import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../data/auth/use-session';
import { useRequestPasswordResetMutation } from '../../data/auth/reset-password-mutation';
import { useUpdatePasswordMutation } from '../../data/auth/update-password-mutation';
import { notify } from '../../notifications/notify';
import { TOASTS, errorMessage } from '../../notifications/toast-catalogue';
import { authRedirectAtom, endRecoveryAtom } from '../../state/auth-atoms';
import { DASHBOARD_PATH } from '../../routing/paths';
import { AuthHeading } from './AuthHeading';
import { EmailField, PasswordField } from '../../components/fields/AccountFields';
import { reportPasswordRefusal } from '../../components/fields/form-errors';
import { validateEmail, validateNewPassword } from '../../components/fields/validation';

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
  const form = useForm({ mode: 'controlled', initialValues: { email: '' }, validate: { email: validateEmail } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const redirect = useAtomValue(authRedirectAtom);
  const reset = useRequestPasswordResetMutation();

  async function onSubmit({ email }: typeof form.values) {
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
        <form onSubmit={form.onSubmit((values) => void onSubmit(values))} noValidate aria-label="Reset password">
          <Stack>
            <EmailField {...form.getInputProps('email')} />
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
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: validateNewPassword,
      confirm: (value, values) => (value === values.password ? null : 'Passwords do not match'),
    },
  });
  const update = useUpdatePasswordMutation();
  const endRecovery = useSetAtom(endRecoveryAtom);
  const navigate = useNavigate();

  async function onSubmit({ password }: typeof form.values) {
    try {
      await update.mutateAsync(password);
      notify(TOASTS.passwordUpdated);
      endRecovery();
      navigate(DASHBOARD_PATH, { replace: true });
    } catch (err) {
      // The server's password rules may be stricter than the client's length check: say why, at the field.
      reportPasswordRefusal(err, (message) => form.setFieldError('password', message), TOASTS.passwordUpdateFailed);
    }
  }

  return (
    <>
      <AuthHeading title="Choose a new password" />
      <form onSubmit={form.onSubmit((values) => void onSubmit(values))} noValidate aria-label="Update password">
        <Stack>
          <PasswordField isNew label="New password" {...form.getInputProps('password')} />
          <PasswordField isNew label="Confirm new password" description={undefined} {...form.getInputProps('confirm')} />
          <Button type="submit" loading={update.isPending} fullWidth>
            Update password
          </Button>
        </Stack>
      </form>
    </>
  );
}
