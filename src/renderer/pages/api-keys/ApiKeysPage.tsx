import { useState, type FormEvent } from 'react';
import { ConfirmActionModal } from '../../components/ConfirmActionModal';
import { RevocableSecretCells } from '../../components/RevocableSecretCells';
import { SecretShownOnceModal } from '../../components/SecretShownOnceModal';
import { Alert, Badge, Button, Checkbox, Code, Group, Loader, MultiSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconKey, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { planHasFeature } from '../../../shared/plans';
import { useApiKeysQuery } from '../../data/api-keys/api-keys-query';
import { useCreateApiKeyMutation } from '../../data/api-keys/create-api-key-mutation';
import { useRevokeApiKeyMutation } from '../../data/api-keys/revoke-api-key-mutation';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '../../data/api-keys/types';
import { useWebsitesQuery } from '../../data/websites/websites-query';
import { useFeatureAccessQuery } from '../../data/billing/feature-access-query';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import type { Organization } from '../../data/organizations/types';
import { formatDate } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify } from '../../notifications/notify';
import { errorMessage } from '../../notifications/toast-catalogue';
import { platform } from '../../platform';
import { upgradeLink } from '../../data/billing/plan-features';
import { permissionsForRole } from '../../data/organizations/role-permissions';
import { API_KEY_TOASTS } from './toasts';

/** /app/api-keys (Pro: api_access): owners and admins create, list and revoke the organization's keys. */
export function ApiKeysPage() {
  useDocumentTitle('API keys');
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  return <ApiKeys organization={organization} />;
}

function ApiKeys({ organization }: { organization: Organization }) {
  const manager = permissionsForRole(organization.user_role).manageTeam;
  const access = useFeatureAccessQuery(organization.id, 'api_access');
  const allowed = access.data ?? planHasFeature(organization.plan, 'api_access');
  const keys = useApiKeysQuery(organization.id, manager);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          API keys
        </Title>
        <Text c="dimmed">Keys that let your tools call the Tracklint API.</Text>
        <Text size="sm" c="dimmed">
          A key with the read or write scope calls the API (<Code>Authorization: Bearer tlk_…</Code>; reference at <a href="/docs/api">/docs/api</a>). A key with the
          collect scope authenticates Measurement Protocol requests: send <Code>{`${platform.webOrigin}/mp/collect?api_secret=tlk_…&measurement_id=G-…`}</Code> and
          Tracklint finds the website by its measurement ID.
        </Text>
      </Stack>
      {!manager ? (
        <Alert color="gray" icon={<IconLock aria-hidden />} data-testid="api-keys-no-access">
          Only owners and admins can see and manage API keys.
        </Alert>
      ) : (
        <>
          {!allowed && (
            <Paper withBorder p="md" radius="md" data-testid="api-keys-gate">
              <Group justify="space-between" wrap="wrap">
                <Group gap="sm">
                  <IconLock aria-hidden />
                  <Text size="sm">API access needs the Pro plan.</Text>
                </Group>
                <Button component={Link} to={upgradeLink('api_access', organization.plan, 'api-keys')} size="xs">
                  Upgrade to Pro
                </Button>
              </Group>
            </Paper>
          )}
          {allowed && <CreateKeyForm organization={organization} onCreated={setCreated} />}
          <KeysTable organization={organization} keys={keys.data} isPending={keys.isPending} error={keys.isError ? errorMessage(keys.error) ?? 'Try again later.' : null} />
        </>
      )}
      {created && <CreatedKeyModal created={created} onClose={() => setCreated(null)} />}
    </Stack>
  );
}

const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read: the API\'s reads',
  write: 'Write: the API\'s changes (includes read)',
  collect: 'Collect: Measurement Protocol requests',
};

function CreateKeyForm({ organization, onCreated }: { organization: Organization; onCreated: (k: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Collect first, as every key was before scopes existed.
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['collect']);
  const [websiteIds, setWebsiteIds] = useState<string[]>([]);
  const websites = useWebsitesQuery(organization.id);
  const create = useCreateApiKeyMutation();
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > 100) {
      setError('Give the key a name of 1 to 100 characters');
      return;
    }
    if (scopes.length === 0) {
      setError('Choose at least one scope');
      return;
    }
    setError(undefined);
    try {
      const key = await create.mutateAsync({ organizationId: organization.id, name: trimmed, scopes, websiteIds: websiteIds.length ? websiteIds : null });
      notify(API_KEY_TOASTS.created);
      setName('');
      setWebsiteIds([]);
      onCreated(key);
    } catch (err) {
      notify(API_KEY_TOASTS.createFailed, errorMessage(err));
    }
  }
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={onSubmit} noValidate aria-label="Create an API key">
        <Group align="flex-end">
          <TextInput label="Key name" placeholder="Server-side tagging" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} w={300} />
          <Button type="submit" loading={create.isPending} leftSection={<IconKey size={16} aria-hidden />}>
            Create key
          </Button>
        </Group>
        <Group align="flex-start" mt="md" gap="xl">
          <Checkbox.Group label="Scopes" value={scopes} onChange={(v) => setScopes(v as ApiKeyScope[])}>
            <Stack gap={6} mt={6}>
              {API_KEY_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={SCOPE_LABELS[scope]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <MultiSelect
            label="Websites"
            description="Empty: every website"
            placeholder="All websites"
            data={(websites.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
            value={websiteIds}
            onChange={setWebsiteIds}
            maxValues={100}
            searchable
            w={300}
          />
        </Group>
      </form>
    </Paper>
  );
}

function KeysTable({ organization, keys, isPending, error }: { organization: Organization; keys: ApiKey[] | undefined; isPending: boolean; error: string | null }) {
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  if (isPending) return <Loader aria-label="Loading API keys" />;
  if (error) return <Alert color="red" title="API keys could not be loaded">{error}</Alert>;
  if (!keys || keys.length === 0)
    return (
      <Paper withBorder p="xl" radius="md" data-testid="api-keys-empty">
        <Text>No API keys yet.</Text>
      </Paper>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={820}>
        <Table striped verticalSpacing="sm" data-testid="api-keys-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Scopes</Table.Th>
              <Table.Th>Websites</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((key) => (
              <Table.Tr key={key.id} data-testid="api-key-row">
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>
                  <Code>{key.key_prefix}…</Code>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {key.scopes.map((scope) => (
                      <Badge key={scope} variant="outline" size="sm">
                        {scope}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{key.website_ids ? `${key.website_ids.length} website${key.website_ids.length === 1 ? '' : 's'}` : 'All'}</Table.Td>
                <Table.Td>{formatDate(key.created_at)}</Table.Td>
                <RevocableSecretCells name={key.name} lastUsedAt={key.last_used_at} revokedAt={key.revoked_at} onRevoke={() => setRevoking(key)} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {revoking && <RevokeModal apiKey={revoking} organizationId={organization.id} onClose={() => setRevoking(null)} />}
    </>
  );
}

function RevokeModal({ apiKey, organizationId, onClose }: { apiKey: ApiKey; organizationId: string; onClose: () => void }) {
  const revoke = useRevokeApiKeyMutation();
  return (
    <ConfirmActionModal
      title={`Revoke ${apiKey.name}?`}
      confirmLabel="Revoke key"
      action={() => revoke.mutateAsync({ keyId: apiKey.id, organizationId })}
      pending={revoke.isPending}
      success={API_KEY_TOASTS.revoked}
      failure={API_KEY_TOASTS.revokeFailed}
      onClose={onClose}
    >
      Requests that use this key will be refused. This cannot be undone; create a new key if you need one.
    </ConfirmActionModal>
  );
}

function CreatedKeyModal({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  return <SecretShownOnceModal title="Your new API key" noun="key" value={created.key} testId="created-api-key" onClose={onClose} />;
}
