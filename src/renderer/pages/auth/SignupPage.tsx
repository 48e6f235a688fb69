import { lazy, Suspense, useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation } from 'react-router-dom';
import { invitationFromSearch } from '../../auth/invitation-token';
import { InvitationSignupForm } from './InvitationSignupForm';
import { useSignUpMutation } from '../../data/auth/sign-up-mutation';
import { DEFAULT_PLAN, type Plan } from '../../data/organizations/types';
import { useSlugAvailabilityCheck } from '../../data/organizations/slug-availability-query';
import { notify } from '../../notifications/notify';
import { TOASTS } from '../../notifications/toast-catalogue';
import { AuthHeading } from './AuthHeading';
import { ConfirmationSent } from './ConfirmationSent';
import { slugFromName } from '../../lib/slug';
import { EmailField, NameField, PasswordField, SlugField } from '../../components/fields/AccountFields';
import { reportPasswordRefusal } from '../../components/fields/form-errors';
import { isPlanValue, validateSignUp, type SignUpValues } from '../../components/fields/validation';

const PLAN_OPTIONS: { value: Plan; label: string }[] = [
  { value: 'free', label: 'Free' },
  { value: 'starter', label: 'Starter' },
  { value: 'pro', label: 'Pro' },
];

/** Plans a visitor can start on their own; Enterprise is arranged with sales. `?plan=` preselects one. */
function planFromSearch(search: string): Plan {
  const wanted = new URLSearchParams(search).get('plan')?.trim().toLowerCase();
  return PLAN_OPTIONS.find((option) => option.value === wanted)?.value ?? DEFAULT_PLAN;
}

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
  return <OrganizationSignupForm initialPlan={planFromSearch(search)} />;
}

function OrganizationSignupForm({ initialPlan }: { initialPlan: Plan }) {
  // Errors clear as their field changes (@mantine/form's default), so none outlives its value.
  const form = useForm<SignUpValues>({ mode: 'controlled', initialValues: { ...EMPTY, organizationPlan: initialPlan }, validate: validateSignUp });
  const values = form.getValues();
  // The slug follows the organization name until the user edits it themselves.
  const [slugEdited, setSlugEdited] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signUp = useSignUpMutation();
  const checkSlug = useSlugAvailabilityCheck();
  const [checkingSlug, setCheckingSlug] = useState(false);

  function onOrganizationNameChange(name: string) {
    form.setFieldValue('organizationName', name);
    if (!slugEdited) {
      form.setFieldValue('organizationSlug', slugFromName(name));
      form.clearFieldError('organizationSlug');
    }
  }

  async function onSubmit(submitted: SignUpValues) {
    if (!isPlanValue(submitted.organizationPlan)) return;
    setCheckingSlug(true);
    const slugProblem = await checkSlug(submitted.organizationSlug);
    setCheckingSlug(false);
    if (slugProblem) {
      form.setFieldError('organizationSlug', slugProblem);
      return;
    }
    try {
      await signUp.mutateAsync({ ...submitted, organizationPlan: submitted.organizationPlan });
      notify(TOASTS.accountCreated);
      setSentTo(submitted.email.trim());
    } catch (err) {
      reportPasswordRefusal(err, (message) => form.setFieldError('password', message), TOASTS.signUpFailed);
    }
  }

  if (sentTo) return <ConfirmationSent email={sentTo} loginPath="/login" />;

  return (
    <>
      <AuthHeading title="Create your account" subtitle="Start validating your GA4 tracking." />
      <form onSubmit={form.onSubmit((submitted) => void onSubmit(submitted))} noValidate aria-label="Sign up">
        <Stack>
          <EmailField {...form.getInputProps('email')} />
          <PasswordField isNew {...form.getInputProps('password')} />
          <NameField {...form.getInputProps('fullName')} />
          <TextInput
            label="Organization name"
            autoComplete="organization"
            required
            {...form.getInputProps('organizationName')}
            onChange={(e) => onOrganizationNameChange(e.currentTarget.value)}
          />
          <SlugField
            {...form.getInputProps('organizationSlug')}
            onChange={(e) => {
              setSlugEdited(true);
              form.setFieldValue('organizationSlug', e.currentTarget.value);
            }}
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
              onChange={(value) => form.setFieldValue('organizationPlan', value ?? DEFAULT_PLAN)}
              allowDeselect={false}
              error={form.errors.organizationPlan}
            />
          </Suspense>
          {values.organizationPlan !== 'free' && (
            <Text size="sm" c="dimmed" data-testid="signup-trial-note">
              14-day free trial, no card needed. Subscribe any time from Billing; without a subscription the organization moves to the Free plan.
            </Text>
          )}
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
