import { PLANS, type Plan } from '../../data/organizations/types';

/** Client-side bounds. The server enforces its own rules; these catch mistakes before a round trip. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const ORGANIZATION_NAME_MIN_LENGTH = 2;
export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 50;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function validateEmail(email: string): string | undefined {
  const value = email.trim();
  if (!value) return 'Email is required';
  if (!EMAIL_PATTERN.test(value)) return 'Enter a valid email address, like name@example.com';
  return undefined;
}

export function validateNewPassword(password: string): string | undefined {
  if (!password) return 'Password is required';
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return undefined;
}

export function validateFullName(fullName: string): string | undefined {
  const value = fullName.trim();
  if (!value) return 'Full name is required';
  if (value.length > NAME_MAX_LENGTH) return `Full name must be at most ${NAME_MAX_LENGTH} characters`;
  return undefined;
}

export function validateSlug(slug: string): string | undefined {
  const value = slug.trim();
  if (!value) return 'Organization slug is required';
  if (value.length < SLUG_MIN_LENGTH || value.length > SLUG_MAX_LENGTH) {
    return `Organization slug must be ${SLUG_MIN_LENGTH} to ${SLUG_MAX_LENGTH} characters`;
  }
  if (!SLUG_PATTERN.test(value)) return 'Use lowercase letters, numbers and single hyphens (e.g. acme-analytics)';
  return undefined;
}

export interface SignUpValues {
  email: string;
  password: string;
  fullName: string;
  organizationName: string;
  organizationSlug: string;
  organizationPlan: string;
}

export function validateSignUp(values: SignUpValues): FieldErrors<keyof SignUpValues> {
  const errors: FieldErrors<keyof SignUpValues> = {};
  errors.email = validateEmail(values.email);
  errors.password = validateNewPassword(values.password);
  const fullName = values.fullName.trim();
  if (!fullName) errors.fullName = 'Full name is required';
  else if (fullName.length > NAME_MAX_LENGTH) errors.fullName = `Full name must be at most ${NAME_MAX_LENGTH} characters`;
  const orgName = values.organizationName.trim();
  if (!orgName) errors.organizationName = 'Organization name is required';
  else if (orgName.length < ORGANIZATION_NAME_MIN_LENGTH) {
    errors.organizationName = `Organization name must be at least ${ORGANIZATION_NAME_MIN_LENGTH} characters`;
  } else if (orgName.length > NAME_MAX_LENGTH) {
    errors.organizationName = `Organization name must be at most ${NAME_MAX_LENGTH} characters`;
  }
  errors.organizationSlug = validateSlug(values.organizationSlug);
  if (!(PLANS as readonly string[]).includes(values.organizationPlan)) errors.organizationPlan = 'Choose a plan';
  return dropEmpty(errors);
}

export interface InvitedSignUpValues {
  email: string;
  password: string;
  fullName: string;
}

/** The invitation sign-up asks only for the account: the organization is the one the user was invited to. */
export function validateInvitedSignUp(values: InvitedSignUpValues): FieldErrors<keyof InvitedSignUpValues> {
  const fullName = values.fullName.trim();
  return dropEmpty({
    email: validateEmail(values.email),
    password: validateNewPassword(values.password),
    fullName: !fullName ? 'Full name is required' : fullName.length > NAME_MAX_LENGTH ? `Full name must be at most ${NAME_MAX_LENGTH} characters` : undefined,
  });
}

export function validateSignIn(values: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return dropEmpty({
    email: validateEmail(values.email),
    password: values.password ? undefined : 'Password is required',
  });
}

export function validatePasswordChange(values: { password: string; confirm: string }): FieldErrors<'password' | 'confirm'> {
  return dropEmpty({
    password: validateNewPassword(values.password),
    confirm: values.confirm === values.password ? undefined : 'Passwords do not match',
  });
}

export function isPlanValue(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

function dropEmpty<K extends string>(errors: FieldErrors<K>): FieldErrors<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined)) as FieldErrors<K>;
}
