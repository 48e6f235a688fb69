import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { invitationFromSearch } from '../../auth/invitation-token';
import { InvitationSignupForm } from './InvitationSignupForm';
import { useSignUpMutation } from '../../data/auth/sign-up-mutation';
import { DEFAULT_PLAN, type Plan } from '../../data/organizations/types';
import { useSlugAvailabilityCheck } from '../../data/organizations/slug-availability-query';
import { notify } from '../../notifications/notify';
import { TOASTS, errorMessage } from '../../notifications/toast-catalogue';
import { AuthHeading } from './AuthLayout';
import { slugFromName } from './slug';
import { PASSWORD_MIN_LENGTH, hasErrors, isPlanValue, validateSignUp, type FieldErrors, type SignUpValues } from './validation';

const PLAN_OPTIONS: { value: Plan; label: string }[] = [
  { value: 'free', label: 'Free' },
  { value: 'starter', label: 'Starter' },
  { value: 'pro', label: 'Pro' },
  { value: 'enterprise', label: 'Enterprise' },
];

/** Lazy: see PlanSelect. */
const PlanSelect = lazy(() => import('./PlanSelect'));

const EMPTY: SignUpValues = {
  email: '',
  password: '',
  fullName: '',
  organizationName: '',
  organizationSlug: '',
  organizationPlan: DEFAULT_PLAN,
};

/** /signup: a new account with its organization, or (from an invitation link) an account that joins one. */
export function SignupPage() {
  const { search } = useLocation();
  const invitation = invitationFromSearch(search);
  if (invitation) return <InvitationSignupForm key={invitation.token} invitation={invitation} />;
  return <OrganizationSignupForm />;
}

function OrganizationSignupForm() {
  const [values, setValues] = useState<SignUpValues>(EMPTY);
  // The slug follows the organization name until the user edits it themselves.
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<keyof SignUpValues>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signUp = useSignUpMutation();
  const checkSlug = useSlugAvailabilityCheck();
  const [checkingSlug, setCheckingSlug] = useState(false);

  /** An error describes the value it was found in; once that value changes it is stale. */
  function clearErrors(...fields: (keyof SignUpValues)[]) {
    setErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }

  const set = (field: keyof SignUpValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    clearErrors(field);
  };

  function onOrganizationNameChange(name: string) {
    setValues((v) => ({ ...v, organizationName: name, organizationSlug: slugEdited ? v.organizationSlug : slugFromName(name) }));
    if (slugEdited) clearErrors('organizationName');
    else clearErrors('organizationName', 'organizationSlug');
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateSignUp(values);
    setErrors(found);
    if (hasErrors(found) || !isPlanValue(values.organizationPlan)) return;
    setCheckingSlug(true);
    const slugProblem = await checkSlug(values.organizationSlug);
    setCheckingSlug(false);
    if (slugProblem) {
      setErrors({ organizationSlug: slugProblem });
      return;
    }
    try {
      await signUp.mutateAsync({ ...values, organizationPlan: values.organizationPlan });
      notify(TOASTS.accountCreated);
      setSentTo(values.email.trim());
    } catch (err) {
      notify(TOASTS.signUpFailed, errorMessage(err));
    }
  }

  if (sentTo) {
    return (
      <>
        <AuthHeading title="Check your email" />
        <Alert icon={<IconMailCheck aria-hidden />} color="teal" title="Confirmation sent">
          We sent a confirmation link to <strong>{sentTo}</strong>. Open it to verify your account, then sign in.
        </Alert>
        <Text mt="lg" size="sm" ta="center">
          <Anchor component={Link} to="/login">
            Go to sign in
          </Anchor>
        </Text>
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Create your account" subtitle="Start validating your GA4 tracking." />
      <form onSubmit={onSubmit} noValidate aria-label="Sign up">
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(e) => set('password')(e.currentTarget.value)}
            error={errors.password}
          />
          <TextInput
            label="Full name"
            autoComplete="name"
            required
            value={values.fullName}
            onChange={(e) => set('fullName')(e.currentTarget.value)}
            error={errors.fullName}
          />
          <TextInput
            label="Organization name"
            autoComplete="organization"
            required
            value={values.organizationName}
            onChange={(e) => onOrganizationNameChange(e.currentTarget.value)}
            error={errors.organizationName}
          />
          <TextInput
            label="Organization slug"
            description="Used in links; lowercase letters, numbers and hyphens"
            required
            value={values.organizationSlug}
            onChange={(e) => {
              setSlugEdited(true);
              set('organizationSlug')(e.currentTarget.value);
            }}
            error={errors.organizationSlug}
          />
          <Suspense
            fallback={
              // Holds the picker's place, with its label and value, while its code loads.
              <TextInput
                label="Plan"
                readOnly
                value={PLAN_OPTIONS.find((option) => option.value === values.organizationPlan)?.label ?? ''}
              />
            }
          >
            <PlanSelect
              label="Plan"
              data={PLAN_OPTIONS}
              value={values.organizationPlan}
              onChange={(value) => set('organizationPlan')(value ?? DEFAULT_PLAN)}
              allowDeselect={false}
              error={errors.organizationPlan}
            />
          </Suspense>
          <Button type="submit" loading={checkingSlug || signUp.isPending} fullWidth>
            Create account
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
