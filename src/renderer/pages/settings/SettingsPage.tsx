import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSession } from '../../data/auth/use-session';
import { useUpdatePasswordMutation } from '../../data/auth/update-password-mutation';
import { useProfileQuery } from '../../data/profile/profile-query';
import { useUpdateProfileMutation } from '../../data/profile/update-profile-mutation';
import { notify } from '../../notifications/notify';
import { TOASTS, errorMessage } from '../../notifications/toast-catalogue';
import { NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, hasErrors, validatePasswordChange, type FieldErrors } from '../auth/validation';

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
    const problem = !name ? 'Full name is required' : name.length > NAME_MAX_LENGTH ? `Full name must be at most ${NAME_MAX_LENGTH} characters` : undefined;
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
          <TextInput
            label="Full name"
            autoComplete="name"
            required
            value={value}
            onChange={(e) => setDraft(e.currentTarget.value)}
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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password' | 'confirm'>>({});
  const update = useUpdatePasswordMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validatePasswordChange({ password, confirm });
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await update.mutateAsync(password);
      notify(TOASTS.passwordUpdated);
      setPassword('');
      setConfirm('');
    } catch (err) {
      notify(TOASTS.passwordUpdateFailed, errorMessage(err));
    }
  }

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        <Stack>
          <Title order={2} size="h4">
            Change password
          </Title>
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
