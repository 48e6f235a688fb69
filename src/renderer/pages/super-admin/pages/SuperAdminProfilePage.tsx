import { Alert, Badge, Button, Code, CopyButton, Group, PinInput, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { QrCode } from '../../../components/qr/QrCode';
import { useSuperAdminSession } from '../session/SuperAdminSessionProvider';
import { generateTotpSecret, isTotpCode, otpauthUri } from '../session/totp-secret';
import { AdminPage } from './AdminPage';

function MfaSetup({ email, onDone }: { email: string; onDone: () => void }) {
  const { controller } = useSuperAdminSession();
  const [secret] = useState(() => generateTotpSecret());
  const [code, setCode] = useState('');
  const [saving, setSaving] = useState(false);
  const uri = otpauthUri(email, secret);

  const enable = async () => {
    setSaving(true);
    const ok = await controller.setupMfa(secret, code);
    setSaving(false);
    if (ok) onDone();
    else setCode('');
  };

  return (
    <Stack gap="sm" component="section" aria-label="Set up MFA">
      <Text fz="sm">
        1. Add this account to your authenticator app: scan the QR code, open the link on a device that has the app, or enter the key by hand.
      </Text>
      <QrCode value={uri} label={`QR code to add ${email} to an authenticator app`} />
      <Group gap="xs">
        <Code fz="md">{secret}</Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          )}
        </CopyButton>
        <Button size="xs" variant="subtle" component="a" href={uri}>
          Open in authenticator app
        </Button>
      </Group>
      <Text fz="sm">2. Enter the 6-digit code the app now shows.</Text>
      <PinInput length={6} type="number" oneTimeCode value={code} onChange={setCode} aria-label="Code from your authenticator app" />
      <Group>
        <Button onClick={() => void enable()} loading={saving} disabled={!isTotpCode(code)}>
          Enable MFA
        </Button>
        <Button variant="subtle" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

export function SuperAdminProfilePage() {
  const { state } = useSuperAdminSession();
  const [settingUp, setSettingUp] = useState(false);
  if (state.status !== 'signed-in') return null;
  const { user } = state;

  return (
    <AdminPage title="Profile" lead="Your super-admin account.">
      <Stack gap={2}>
        <Text fw={600}>{user.email}</Text>
        <Text fz="sm" c="dimmed">
          System Administrator
        </Text>
      </Stack>
      <Group gap="xs">
        <Text fw={600}>Multi-factor authentication</Text>
        {user.mfaEnabled ? <Badge color="teal">Enabled</Badge> : <Badge color="gray">Not enabled</Badge>}
      </Group>
      {user.mfaEnabled ? (
        <Alert color="teal" icon={<IconShieldCheck aria-hidden="true" />}>
          Each sign-in asks for a code from your authenticator app.
        </Alert>
      ) : settingUp ? (
        <MfaSetup email={user.email} onDone={() => setSettingUp(false)} />
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text fz="sm" c="dimmed">
            Protect this account with a time-based code from an authenticator app.
          </Text>
          <Button onClick={() => setSettingUp(true)}>Set up MFA</Button>
        </Stack>
      )}
    </AdminPage>
  );
}
