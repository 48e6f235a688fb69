import type { FormEventHandler } from 'react';
import { Anchor, Button, Group, Stack, Text, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AuthHeading } from './AuthHeading';
import { EmailField, PasswordField } from '../../components/fields/AccountFields';

export interface SignInViewProps {
  email: TextInputProps;
  password: PasswordInputProps;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  loading?: boolean;
  /**
   * The build's prerendered /login (src/renderer/prerender.tsx) shows the form at once but
   * disabled: typed into before the app takes over, a static form would lose the input or submit
   * it natively into the URL. The app renders the same form, enabled, over it.
   */
  disabled?: boolean;
  notice?: React.ReactNode;
}

/** The sign-in screen's markup, shared by the page and its prerendered copy so both look the same. */
export function SignInView({ email, password, onSubmit, loading = false, disabled = false, notice }: SignInViewProps) {
  return (
    <>
      <AuthHeading title="Sign in" subtitle="Welcome back to Tracklint." />
      {notice}
      <form onSubmit={onSubmit} noValidate aria-label="Sign in" method="post" action="/login">
        <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <EmailField {...email} />
            <PasswordField {...password} />
            <Group justify="space-between">
              <Anchor component={Link} to="/reset-password" size="sm">
                Forgot password?
              </Anchor>
            </Group>
            <Button type="submit" loading={loading} fullWidth>
              Sign in
            </Button>
            <Text size="sm" ta="center">
              New to Tracklint?{' '}
              <Anchor component={Link} to="/signup">
                Create an account
              </Anchor>
            </Text>
          </Stack>
        </fieldset>
      </form>
    </>
  );
}
