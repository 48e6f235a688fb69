import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuilding,
  IconCreditCard,
  IconLayoutDashboard,
  IconListCheck,
  IconLogout,
  IconServer,
  IconSettings,
  IconShieldLock,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSuperAdminSession } from '../session/SuperAdminSessionProvider';
import { SUPER_ADMIN_NAV_ITEMS } from './nav-items';
import { SidebarSearch } from './SidebarSearch';

const NAV_ICONS: Record<string, Icon> = {
  Dashboard: IconLayoutDashboard,
  Organizations: IconBuilding,
  Users: IconUsers,
  Rules: IconListCheck,
  Billing: IconCreditCard,
  System: IconServer,
  Settings: IconSettings,
};

const MAIN_ID = 'super-admin-main';

export function SuperAdminLayout() {
  const [navOpen, nav] = useDisclosure(false);
  const { state, controller } = useSuperAdminSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const email = state.status === 'signed-in' ? state.user.email : null;

  const signOut = async () => {
    setSigningOut(true);
    try {
      await controller.signOut();
    } finally {
      setSigningOut(false);
    }
    navigate('/super-admin/login', { replace: true });
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={navOpen} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <IconShieldLock size={22} aria-hidden="true" />
            <Text fw={700}>Tracklint Admin</Text>
          </Group>
          <a href={`#${MAIN_ID}`} style={{ position: 'absolute', left: -9999 }}>
            Skip to main content
          </a>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" aria-label="Super-admin navigation">
        <AppShell.Section>
          <SidebarSearch onNavigate={nav.close} />
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea} my="md">
          <nav aria-label="Super-admin sections">
            {SUPER_ADMIN_NAV_ITEMS.map((item) => {
              const ItemIcon = NAV_ICONS[item.label] ?? IconLayoutDashboard;
              return (
                <NavLink
                  key={item.path}
                  component={Link}
                  to={item.path}
                  label={item.label}
                  leftSection={<ItemIcon size={18} aria-hidden="true" />}
                  active={location.pathname.startsWith(item.path)}
                  aria-current={location.pathname.startsWith(item.path) ? 'page' : undefined}
                  onClick={nav.close}
                />
              );
            })}
          </nav>
        </AppShell.Section>
        <AppShell.Section>
          <Stack gap="xs">
            <UnstyledButton
              component={Link}
              to="/super-admin/profile"
              onClick={nav.close}
              // The name starts with the visible text (WCAG 2.5.3), then says where the link goes.
              aria-label={`${email ?? 'Super Admin'} System Administrator: your profile`}
            >
              <Text fz="sm" fw={600} truncate="end">
                {email ?? 'Super Admin'}
              </Text>
              <Text fz="xs" c="dimmed">
                System Administrator
              </Text>
            </UnstyledButton>
            <Button
              variant="light"
              color="red"
              leftSection={<IconLogout size={16} aria-hidden="true" />}
              onClick={() => void signOut()}
              loading={signingOut}
            >
              Sign Out
            </Button>
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_ID}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
