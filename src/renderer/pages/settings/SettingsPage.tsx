import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NameField, PasswordField } from '../../components/fields/AccountFields';
import { passwordFieldMessage } from '../../components/fields/form-errors';
import { useSession } from '../../data/auth/use-session';
import { useUpdatePasswordMutation } from '../../data/auth/update-password-mutation';
import { useProfileQuery } from '../../data/profile/profile-query';
import { useUpdateProfileMutation } from '../../data/profile/update-profile-mutation';
import { notify } from '../../notifications/notify';
import { TOASTS, errorMessage } from '../../notifications/toast-catalogue';
import { validateFullName, validateNewPassword } from '../../components/fields/validation';

/** /app/settings: the user's own profile and password. */
export function SettingsPage() {
  return (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Settings
        </Title>
        <Text c="dimmed">Your personal account settings.</Text>
      </Stack>
      <ProfileSection />
      <PasswordSection />
    </Stack>
  );
}

function ProfileSection() {
  const { user } = useSession();
  const profile = useProfileQuery();
  const metadataName = typeof user?.user_metadata?.full_name === 'string' ? user.user_metadata.full_name : '';
  const savedName = profile.data?.full_name ?? metadataName;
  // Null until the user types: the field shows the saved name, which may arrive after the first render.
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateProfileMutation();
  const value = draft ?? savedName;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const name = value.trim();
    const problem = validateFullName(name);
    setError(problem);
    if (problem) return;
    try {
      await update.mutateAsync(name);
      setDraft(null);
      notify(TOASTS.profileUpdated);
    } catch (err) {
      notify(TOASTS.updateProfileFailed, errorMessage(err));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={onSubmit} noValidate aria-label="Profile">
        <Stack>
          <Title order={2} size="h4">
            Profile
          </Title>
          <TextInput label="Email" value={user?.email ?? ''} readOnly description="Your sign-in address" />
          <NameField
            value={value}
            onChange={(e) => {
              setDraft(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
          />
          <Group>
            <Button type="submit" loading={update.isPending} disabled={draft === null || draft.trim() === savedName}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PasswordSection() {
  const form = useForm({
    mode: 'controlled',
    initialValues: { current: '', password: '', confirm: '' },
    validate: {
      password: validateNewPassword,
      confirm: (value, values) => (value === values.password ? null : 'Passwords do not match'),
    },
  });
  const update = useUpdatePasswordMutation();

  async function onSubmit({ current, password }: typeof form.values) {
    try {
      await update.mutateAsync({ password, currentPassword: current || undefined });
      notify(TOASTS.passwordUpdated);
      form.reset();
    } catch (err) {
      const message = errorMessage(err) ?? undefined;
      const code = (err as { code?: unknown } | null)?.code;
      // The server's password rules may be stricter than the client's length check: say why, at the field.
      const fieldMessage = passwordFieldMessage(message);
      if (code === 'reauthentication_needed' || code === 'current_password_mismatch') form.setFieldError('current', message);
      else if (fieldMessage) form.setFieldError('password', fieldMessage);
      notify(TOASTS.passwordUpdateFailed, message ?? null);
    }
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={form.onSubmit((values) => void onSubmit(values))} noValidate aria-label="Change password">
        <Stack>
          <Title order={2} size="h4">
            Change password
          </Title>
          <PasswordField
            label="Current password"
            description="Needed when you signed in more than a day ago"
            required={false}
            {...form.getInputProps('current')}
          />
          <PasswordField isNew label="New password" {...form.getInputProps('password')} />
          <PasswordField isNew label="Confirm new password" description={undefined} {...form.getInputProps('confirm')} />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Update password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
