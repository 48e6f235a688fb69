import { useState } from 'react';
import { ConfirmActionModal } from '../../components/ConfirmActionModal';
import { ActionIcon, Alert, Anchor, Badge, Button, Drawer, Group, Loader, Menu, Paper, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash, IconCode } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import type { Organization } from '../../data/organizations/types';
import { useDeleteWebsiteMutation } from '../../data/websites/delete-website-mutation';
import { useUpdateWebsiteMutation } from '../../data/websites/update-website-mutation';
import { useWebsiteDetailsQuery } from '../../data/websites/website-details-query';
import { useRefusedByWebsiteQuery } from '../../data/websites/refused-by-website-query';
import type { WebsiteDetails } from '../../data/websites/types';
import { formatDate } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notify } from '../../notifications/notify';
import { errorMessage } from '../../notifications/toast-catalogue';
import { permissionsForRole } from '../../data/organizations/role-permissions';
import { EditWebsiteModal } from './EditWebsiteModal';
import { InstallPanel } from './InstallPanel';
import { WEBSITE_TOASTS } from './toasts';
import { VerificationBadge } from './VerificationBadge';
import { WebsiteUsage } from './WebsiteUsage';
import { countOf } from '../../lib/plural';

/** /app/websites: the organization's websites; owners and admins add, edit, deactivate and delete them. */
export function WebsitesPage() {
  useDocumentTitle('Websites');
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  return <WebsitesList organization={organization} />;
}

function WebsitesList({ organization }: { organization: Organization }) {
  const query = useWebsiteDetailsQuery(organization.id);
  const refused = useRefusedByWebsiteQuery(organization.id);
  const can = permissionsForRole(organization.user_role);
  const [params, setParams] = useSearchParams();
  const openId = params.get('website');
  const [editing, setEditing] = useState<WebsiteDetails | null>(null);
  const [deleting, setDeleting] = useState<WebsiteDetails | null>(null);
  const websites = query.data ?? [];
  const open = websites.find((w) => w.id === openId) ?? null;

  function openInstall(id: string | null) {
    const next = new URLSearchParams(params);
    if (id) next.set('website', id);
    else next.delete('website');
    setParams(next, { replace: true });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Websites
          </Title>
          <Text c="dimmed">The websites whose GA4 tracking you monitor.</Text>
          <WebsiteUsage organization={organization} />
        </Stack>
        {can.createWebsites && (
          <Button component={Link} to="/app/websites/add" leftSection={<IconPlus size={16} aria-hidden />}>
            Add website
          </Button>
        )}
      </Group>
      {!can.createWebsites && (
        <Alert color="gray" data-testid="websites-read-only">
          Only owners and admins can add, change or delete websites.
        </Alert>
      )}
      {query.isPending ? (
        <Loader aria-label="Loading websites" />
      ) : query.isError ? (
        <Alert color="red" title="Websites could not be loaded">
          {errorMessage(query.error) ?? 'Try again later.'}
        </Alert>
      ) : websites.length === 0 ? (
        <Paper withBorder p="xl" radius="md" data-testid="websites-empty">
          <Stack align="flex-start">
            <Title order={2} size="h4">
              No websites yet
            </Title>
            <Text>Add your website, paste one script tag before your Google tag, and Tracklint validates every GA4 hit it sends.</Text>
            {can.createWebsites ? (
              <Button component={Link} to="/app/websites/add" leftSection={<IconPlus size={16} aria-hidden />}>
                Add your first website
              </Button>
            ) : (
              <Text c="dimmed">Ask an owner or admin of {organization.name} to add one.</Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="websites-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Domain</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Active</Table.Th>
                <Table.Th>Refused (24 h)</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {websites.map((website) => (
                <WebsiteRow
                  key={website.id}
                  website={website}
                  refused={refused.data?.[website.id] ?? 0}
                  canManage={can.createWebsites}
                  onInstall={() => openInstall(website.id)}
                  onEdit={() => setEditing(website)}
                  onDelete={() => setDeleting(website)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Drawer opened={open !== null} onClose={() => openInstall(null)} position="right" size="lg" title="Install and status">
        {open && <InstallPanel websiteId={open.id} />}
      </Drawer>
      {editing && <EditWebsiteModal website={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteWebsiteModal website={deleting} organizationId={organization.id} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}

interface WebsiteRowProps {
  website: WebsiteDetails;
  /** Hits the collector refused in the last 24 hours; the drawer says why. */
  refused: number;
  canManage: boolean;
  onInstall: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function WebsiteRow({ website, refused, canManage, onInstall, onEdit, onDelete }: WebsiteRowProps) {
  const update = useUpdateWebsiteMutation();
  async function setActive(active: boolean) {
    try {
      await update.mutateAsync({ websiteId: website.id, changes: { is_active: active } });
      notify(WEBSITE_TOASTS.updated);
    } catch (err) {
      notify(WEBSITE_TOASTS.updateFailed, errorMessage(err));
    }
  }
  return (
    <Table.Tr data-testid="website-row" data-website-id={website.id}>
      <Table.Td>
        <Anchor component="button" type="button" onClick={onInstall} fw={500}>
          {website.name}
        </Anchor>
      </Table.Td>
      <Table.Td>{website.domain}</Table.Td>
      <Table.Td>
        <Group gap={6}>
          <VerificationBadge status={website.verification_status} verifiedAt={website.verified_at} />
          {website.verification_status === 'verified' && website.verified_at && (
            <Text size="xs" c="dimmed">
              since {formatDate(website.verified_at)}
            </Text>
          )}
          {/* Hits prove traffic, not ownership (issue 26): both facts are shown, each for what it is. */}
          {website.receiving_traffic_at && (
            <Badge color="blue" variant="light" data-testid="receiving-traffic" title={`First hit on ${formatDate(website.receiving_traffic_at)}`}>
              Receiving traffic
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Switch
          checked={website.is_active}
          disabled={!canManage || update.isPending}
          onChange={(e) => void setActive(e.currentTarget.checked)}
          aria-label={`${website.name} is active`}
          title={canManage ? undefined : 'Only owners and admins can change this'}
        />
      </Table.Td>
      <Table.Td data-testid="website-refused">
        {refused === 0 ? (
          <Text size="sm" c="dimmed">
            0
          </Text>
        ) : (
          <Anchor component="button" type="button" onClick={onInstall} c="orange" aria-label={`${countOf(refused, 'hit')} refused for ${website.name}: see why`}>
            {refused.toLocaleString('en-US')}
          </Anchor>
        )}
      </Table.Td>
      <Table.Td>{formatDate(website.created_at)}</Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`Actions for ${website.name}`}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconCode size={14} aria-hidden />} onClick={onInstall}>
              Install and status
            </Menu.Item>
            {canManage && (
              <>
                <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit}>
                  Edit
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete}>
                  Delete
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}

function DeleteWebsiteModal({ website, organizationId, onClose }: { website: WebsiteDetails; organizationId: string; onClose: () => void }) {
  const remove = useDeleteWebsiteMutation();
  return (
    <ConfirmActionModal
      title={`Delete ${website.name}?`}
      confirmLabel="Delete website"
      action={() => remove.mutateAsync({ websiteId: website.id, organizationId })}
      pending={remove.isPending}
      success={WEBSITE_TOASTS.deleted}
      failure={WEBSITE_TOASTS.deleteFailed}
      onClose={onClose}
    >
      Tracklint stops accepting hits for <strong>{website.domain}</strong> and deletes its rule settings, its logged requests, their
      findings and its statistics now. This cannot be undone.
    </ConfirmActionModal>
  );
}
