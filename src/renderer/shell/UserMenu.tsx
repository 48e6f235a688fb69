import { useState } from 'react';
import { Avatar, Badge, Menu, UnstyledButton } from '@mantine/core';
import {
  IconCreditCard,
  IconKey,
  IconLogout,
  IconSettings,
  IconSwitchHorizontal,
  IconUserCog,
  IconUsers,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { useSignOutMutation } from '../data/auth/sign-out-mutation';
import type { Organization } from '../data/organizations/types';
import { notify } from '../notifications/notify';
import { TOASTS } from '../notifications/toast-catalogue';
import { LOGOUT_LANDING_PATH } from '../routing/paths';
import { organizationInitials } from './org-initials';
import { visibleUserMenuItems } from '../data/organizations/role-permissions';
import { SwitchAccountModal } from './SwitchAccountModal';

export function UserMenu({ organization, organizations }: { organization: Organization; organizations: Organization[] }) {
  const navigate = useNavigate();
  const signOut = useSignOutMutation();
  const [switching, setSwitching] = useState(false);
  const visible = new Set(visibleUserMenuItems(organization.user_role));

  async function logOut() {
    try {
      await signOut.mutateAsync();
      notify(TOASTS.signedOut);
      navigate(LOGOUT_LANDING_PATH, { replace: true });
    } catch (err) {
      console.error('sign out failed', err);
      notify(TOASTS.signOutFailed);
    }
  }

  return (
    <>
      <Menu position="bottom-end" width={240} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={`Open user menu (${organization.name})`}>
            <Avatar color="blue" radius="xl" data-testid="org-avatar" aria-hidden>
              {organizationInitials(organization.name)}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{organization.name}</Menu.Label>
          {visible.has('switch-account') && (
            <Menu.Item leftSection={<IconSwitchHorizontal size={16} aria-hidden />} onClick={() => setSwitching(true)}>
              Switch Account
            </Menu.Item>
          )}
          {visible.has('user-settings') && (
            <Menu.Item leftSection={<IconUserCog size={16} aria-hidden />} onClick={() => navigate('/app/settings')}>
              User Settings
            </Menu.Item>
          )}
          {visible.has('account-settings') && (
            <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={() => navigate('/app/organization')}>
              Account Settings
            </Menu.Item>
          )}
          {visible.has('team-management') && (
            <Menu.Item leftSection={<IconUsers size={16} aria-hidden />} onClick={() => navigate('/app/team')}>
              Team Management
            </Menu.Item>
          )}
          {visible.has('api-keys') && (
            <Menu.Item
              leftSection={<IconKey size={16} aria-hidden />}
              rightSection={
                <Badge size="xs" color="violet">
                  PRO
                </Badge>
              }
              onClick={() => navigate('/app/api-keys')}
            >
              API Keys
            </Menu.Item>
          )}
          {visible.has('billing') && (
            <Menu.Item leftSection={<IconCreditCard size={16} aria-hidden />} onClick={() => navigate('/app/billing')}>
              Billing & Plans
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={logOut} disabled={signOut.isPending}>
            Log out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SwitchAccountModal
        opened={switching}
        onClose={() => setSwitching(false)}
        current={organization}
        organizations={organizations}
      />
    </>
  );
}
