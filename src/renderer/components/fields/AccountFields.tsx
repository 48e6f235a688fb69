import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from './validation';

/**
 * The account fields every form shares (sign-in, sign-up, invitation, password, settings, organization):
 * one label, autocomplete hint and description each, so the forms cannot drift apart. Spread
 * @mantine/form's getInputProps into them: `<EmailField {...form.getInputProps('email')} />`.
 */
export function EmailField(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" required {...props} />;
}

/** `isNew` for choosing a password (hint and autocomplete="new-password"), else signing in with one. */
export function PasswordField({ isNew = false, ...props }: PasswordInputProps & { isNew?: boolean }) {
  return (
    <PasswordInput
      label="Password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      description={isNew ? `At least ${PASSWORD_MIN_LENGTH} characters` : undefined}
      required
      {...props}
    />
  );
}

export function NameField(props: TextInputProps) {
  return <TextInput label="Full name" autoComplete="name" required {...props} />;
}

export function SlugField(props: TextInputProps) {
  return (
    <TextInput
      label="Organization slug"
      description="Used in links; lowercase letters, numbers and hyphens"
      autoComplete="off"
      spellCheck={false}
      required
      {...props}
    />
  );
}
