import { Badge, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useSwitchOrganizationMutation } from '../data/organizations/switch-organization-mutation';
import type { Organization } from '../data/organizations/types';
import { notify } from '../notifications/notify';
import { TOASTS, errorMessage } from '../notifications/toast-catalogue';
import { planBadge } from '../components/plan-badge';

interface Props {
  opened: boolean;
  onClose: () => void;
  current: Organization;
  organizations: Organization[];
}

/** Lists the user's organizations and switches to the chosen one. */
export function SwitchAccountModal({ opened, onClose, current, organizations }: Props) {
  const switchOrganization = useSwitchOrganizationMutation();
  const navigate = useNavigate();

  async function choose(organization: Organization) {
    if (organization.id === current.id) return onClose();
    try {
      await switchOrganization.mutateAsync(organization.id);
      notify(TOASTS.organizationSwitched);
      onClose();
    } catch (err) {
      notify(TOASTS.switchOrganizationFailed, errorMessage(err));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Switch account">
      <Stack gap="xs">
        {organizations.map((org) => (
          <UnstyledButton
            key={org.id}
            onClick={() => void choose(org)}
            disabled={switchOrganization.isPending}
            aria-current={org.id === current.id ? 'true' : undefined}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Text fw={600}>{org.name}</Text>
                <Text size="xs" c="dimmed">
                  {org.slug} · {org.user_role}
                </Text>
              </Stack>
              <Badge variant="light">{planBadge(org.plan)}</Badge>
            </Group>
          </UnstyledButton>
        ))}
        <Group justify="space-between" mt="sm">
          <Button
            variant="subtle"
            onClick={() => {
              onClose();
              navigate('/app/organization/create');
            }}
          >
            Create organization
          </Button>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
