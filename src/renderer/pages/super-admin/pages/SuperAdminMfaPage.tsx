import { Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { guardDecision } from '../session/session-logic';
import { useSuperAdminSession } from '../session/SuperAdminSessionProvider';
import { isTotpCode } from '../session/totp-secret';
import { AuthCard } from './AuthCard';
import { SUPER_ADMIN_HOME } from './SuperAdminLoginPage';

export function SuperAdminMfaPage() {
  const { state, controller } = useSuperAdminSession();
  const location = useLocation();
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);

  if (guardDecision(state) === 'enter') return <Navigate to={SUPER_ADMIN_HOME} replace />;
  // MFA verification needs a pending challenge from the sign-in form.
  if (state.status !== 'mfa-required') {
    return state.status === 'loading' ? null : <Navigate to="/super-admin/login" replace state={location.state} />;
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isTotpCode(code)) return;
    setSubmitting(true);
    const outcome = await controller.verifyMfa(code);
    setSubmitting(false);
    if (outcome.kind === 'error') setCode('');
  };

  return (
    <AuthCard title="Two-factor verification" subtitle="Enter the 6-digit code from your authenticator app.">
      <form onSubmit={(event) => void submit(event)} aria-label="MFA verification">
        <Stack gap="md" align="center">
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            autoFocus
            value={code}
            onChange={setCode}
            aria-label="Authentication code"
            getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1} of 6` })}
          />
          <Text fz="xs" c="dimmed">
            Codes change every 30 seconds.
          </Text>
          <Group>
            <Button variant="subtle" onClick={() => controller.cancelMfa()}>
              Back to sign in
            </Button>
            <Button type="submit" loading={submitting} disabled={!isTotpCode(code)}>
              Verify
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
