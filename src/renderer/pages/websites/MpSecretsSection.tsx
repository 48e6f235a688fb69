import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { RevocableSecretCells } from '../../components/RevocableSecretCells';
import { ConfirmActionModal } from '../../components/ConfirmActionModal';
import { SecretShownOnceModal } from '../../components/SecretShownOnceModal';
import { useCreateMpSecretMutation } from '../../data/websites/create-mp-secret-mutation';
import { useMpSecretsQuery } from '../../data/websites/mp-secrets-query';
import { useRevokeMpSecretMutation } from '../../data/websites/revoke-mp-secret-mutation';
import type { CreatedMpSecret, MpSecret } from '../../data/websites/types';
import { notify } from '../../notifications/notify';
import { errorMessage } from '../../notifications/toast-catalogue';
import { WEBSITE_TOASTS } from './toasts';

/**
 * The website's Measurement Protocol secrets (like GA4's per-stream API secrets): owners and admins
 * create one (shown once), see when each was last used, and revoke them.
 */
export function MpSecretsSection({ websiteId, canManage }: { websiteId: string; canManage: boolean }) {
  const secrets = useMpSecretsQuery(websiteId, canManage);
  const [created, setCreated] = useState<CreatedMpSecret | null>(null);
  return (
    <Stack gap="xs" data-testid="mp-secrets">
      <Title order={3} size="h5">
        Measurement Protocol secrets
      </Title>
      {!canManage ? (
        <Text size="sm" c="dimmed">
          Only owners and admins can see and create Measurement Protocol secrets.
        </Text>
      ) : (
        <>
          <CreateSecretForm websiteId={websiteId} onCreated={setCreated} />
          {secrets.isPending ? (
            <Loader size="sm" aria-label="Loading Measurement Protocol secrets" />
          ) : secrets.isError ? (
            <Alert color="red" title="Secrets could not be loaded">
              {errorMessage(secrets.error) ?? 'Try again later.'}
            </Alert>
          ) : (
            <SecretsTable websiteId={websiteId} secrets={secrets.data ?? []} />
          )}
        </>
      )}
      {created && <CreatedSecretModal created={created} onClose={() => setCreated(null)} />}
    </Stack>
  );
}

function CreateSecretForm({ websiteId, onCreated }: { websiteId: string; onCreated: (s: CreatedMpSecret) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateMpSecretMutation();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > 100) {
      setError('Give the secret a name of 1 to 100 characters');
      return;
    }
    setError(undefined);
    try {
      const secret = await create.mutateAsync({ websiteId, name: trimmed });
      notify(WEBSITE_TOASTS.secretCreated);
      setName('');
      onCreated(secret);
    } catch (err) {
      notify(WEBSITE_TOASTS.secretCreateFailed, errorMessage(err));
    }
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create a Measurement Protocol secret">
      <Group align="flex-end">
        <TextInput label="Secret name" placeholder="Backend server" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} w={260} />
        <Button type="submit" loading={create.isPending} leftSection={<IconKey size={16} aria-hidden />}>
          Create secret
        </Button>
      </Group>
    </form>
  );
}

function SecretsTable({ websiteId, secrets }: { websiteId: string; secrets: MpSecret[] }) {
  const [revoking, setRevoking] = useState<MpSecret | null>(null);
  if (secrets.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="mp-secrets-empty">
        No secrets yet: Measurement Protocol hits are refused until you create one.
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" data-testid="mp-secrets-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Secret</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {secrets.map((s) => (
              <Table.Tr key={s.id} data-testid="mp-secret-row">
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>
                  <Code>{s.secret_prefix}…</Code>
                </Table.Td>
                <RevocableSecretCells name={s.name} lastUsedAt={s.last_used_at} revokedAt={s.revoked_at} onRevoke={() => setRevoking(s)} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {revoking && <RevokeSecretModal secret={revoking} websiteId={websiteId} onClose={() => setRevoking(null)} />}
    </>
  );
}

function RevokeSecretModal({ secret, websiteId, onClose }: { secret: MpSecret; websiteId: string; onClose: () => void }) {
  const revoke = useRevokeMpSecretMutation();
  return (
    <ConfirmActionModal
      title={`Revoke ${secret.name}?`}
      confirmLabel="Revoke secret"
      action={() => revoke.mutateAsync({ secretId: secret.id, websiteId })}
      pending={revoke.isPending}
      success={WEBSITE_TOASTS.secretRevoked}
      failure={WEBSITE_TOASTS.secretRevokeFailed}
      onClose={onClose}
    >
      Measurement Protocol hits sent with this secret will be refused within 30 seconds. This cannot be undone; create a new secret if you
      need one.
    </ConfirmActionModal>
  );
}

function CreatedSecretModal({ created, onClose }: { created: CreatedMpSecret; onClose: () => void }) {
  return (
    <SecretShownOnceModal title="Your new Measurement Protocol secret" noun="secret" value={created.secret} testId="created-mp-secret" onClose={onClose}>
      <Text size="sm" c="dimmed">
        Send it as <Code>api_secret</Code> with every Measurement Protocol request for this website.
      </Text>
    </SecretShownOnceModal>
  );
}
