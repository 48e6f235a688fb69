import { useEffect, useRef } from 'react';
import { ActionIcon, AppShell, Badge, Box, Drawer, Group, Text, Title } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconMenu2 } from '@tabler/icons-react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useCurrentOrganization } from '../data/organizations/use-current-organization';
import type { Organization } from '../data/organizations/types';
import { useDocumentTitle } from '../lib/use-document-title';
import { maxContentWidth } from '../layout/breakpoints';
import { SIDEBAR_TRANSITION_MS, resolveSidebarMode, sidebarWidth } from '../layout/sidebar-layout';
import { FullPageSpinner } from '../components/FullPageSpinner';
import {
  announceAtom,
  breakpointAtom,
  mobileDrawerOpenAtom,
  invitationStatusAtom,
  organizationSetupStatusAtom,
  sidebarUserCollapsedAtom,
} from '../state/ui-atoms';
import { AccountSetupScreen } from './AccountSetupScreen';
import { LiveRegion } from './LiveRegion';
import { pageTitleForPath } from './nav-items';
import { planBadge } from '../components/plan-badge';
import { Sidebar } from './Sidebar';
import { MAIN_CONTENT_ID, MAIN_NAVIGATION_ID, SkipLinks } from './SkipLinks';
import { UserMenu } from './UserMenu';
import { SuspendedNotice } from './SuspendedNotice';
import { PlanNotice } from './PlanNotice';
import { useEffectivePlan } from '../data/billing/use-effective-plan';
import { UsageAlerts } from '../components/UsageAlerts';
import { WebsiteSwitcher } from './WebsiteSwitcher';
import { HelpButton } from './HelpDrawer';
import classes from './shell.module.css';

const HEADER_HEIGHT = 60;
/** These pages show the usage alerts that concern them themselves; the shell's banner would repeat them. */
const PAGES_WITH_OWN_USAGE_ALERTS = ['/app/team', '/app/billing'];

/**
 * The /app frame. Waits for the user's organizations (and a just-confirmed user's organization
 * setup), shows the account-setup screen when there are none, else the shell.
 */
export function AppLayout() {
  const { organization, organizations, isLoading } = useCurrentOrganization();
  const setupStatus = useAtomValue(organizationSetupStatusAtom);
  const invitationStatus = useAtomValue(invitationStatusAtom);

  if (isLoading || setupStatus === 'scheduled' || setupStatus === 'running' || invitationStatus === 'running') {
    return <FullPageSpinner label="Loading your organizations…" />;
  }
  if (!organization) return <AccountSetupScreen />;
  return <Shell organization={organization} organizations={organizations} />;
}

function Shell({ organization, organizations }: { organization: Organization; organizations: Organization[] }) {
  const breakpoint = useAtomValue(breakpointAtom);
  const [userCollapsed, setUserCollapsed] = useAtom(sidebarUserCollapsedAtom);
  const [drawerOpen, setDrawerOpen] = useAtom(mobileDrawerOpenAtom);
  const announce = useSetAtom(announceAtom);
  const mode = resolveSidebarMode(breakpoint, userCollapsed);
  const width = sidebarWidth(breakpoint, mode);
  const contentMax = maxContentWidth(breakpoint);
  const navRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const effectivePlan = useEffectivePlan(organization) ?? organization.plan;

  // Name each page for the window title and announce it to screen readers.
  const pageTitle = pageTitleForPath(pathname);
  useDocumentTitle(pageTitle);
  useEffect(() => {
    if (pageTitle) announce(`${pageTitle} page`);
    setDrawerOpen(false);
  }, [pathname, pageTitle, announce, setDrawerOpen]);

  function toggleSidebar() {
    if (mode === 'drawer') {
      setDrawerOpen(!drawerOpen);
      return;
    }
    const collapse = mode === 'expanded';
    setUserCollapsed(collapse);
    announce(collapse ? 'Sidebar collapsed' : 'Sidebar expanded');
  }

  function skipToNavigation() {
    if (mode === 'drawer') setDrawerOpen(true);
    else navRef.current?.focus();
  }

  const menuLabel =
    mode === 'drawer' ? (drawerOpen ? 'Close navigation menu' : 'Open navigation menu') : mode === 'expanded' ? 'Collapse sidebar' : 'Expand sidebar';
  const MenuIcon = mode === 'drawer' ? IconMenu2 : mode === 'expanded' ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={mode === 'drawer' ? undefined : { width, breakpoint: 0 }}
      transitionDuration={SIDEBAR_TRANSITION_MS}
      padding="md"
      data-sidebar-mode={mode}
      data-breakpoint={breakpoint}
    >
      <SkipLinks onSkipToNavigation={skipToNavigation} />
      <LiveRegion />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={toggleSidebar}
              aria-label={menuLabel}
              aria-expanded={mode === 'drawer' ? drawerOpen : mode === 'expanded'}
              aria-controls={MAIN_NAVIGATION_ID}
            >
              <MenuIcon size={22} aria-hidden />
            </ActionIcon>
            <Title order={2} size="h4">
              <Link to="/app/dashboard" style={{ color: 'inherit', textDecoration: 'none' }}>
                Tracklint
              </Link>
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <WebsiteSwitcher />
            <Text size="sm" fw={500} visibleFrom="sm" truncate maw={220} data-testid="current-organization-name">
              {organization.name}
            </Text>
            <Badge variant="light" data-testid="plan-badge" aria-label={`Plan: ${planBadge(effectivePlan)}`}>
              {planBadge(effectivePlan)}
            </Badge>
            <HelpButton />
            <UserMenu organization={organization} organizations={organizations} />
          </Group>
        </Group>
      </AppShell.Header>

      {mode !== 'drawer' && (
        <AppShell.Navbar
          id={MAIN_NAVIGATION_ID}
          ref={navRef}
          tabIndex={-1}
          aria-label="Main navigation"
          p={mode === 'collapsed' ? 4 : 'xs'}
          style={{ transition: `width ${SIDEBAR_TRANSITION_MS}ms ease` }}
        >
          <Sidebar collapsed={mode === 'collapsed'} plan={effectivePlan} role={organization.user_role} />
        </AppShell.Navbar>
      )}
      {mode === 'drawer' && (
        <Drawer opened={drawerOpen} onClose={() => setDrawerOpen(false)} title="Tracklint" size={280} padding="xs">
          <WebsiteSwitcher placement="drawer" />
          <nav id={MAIN_NAVIGATION_ID} aria-label="Main navigation">
            <Sidebar collapsed={false} plan={effectivePlan} role={organization.user_role} onNavigate={() => setDrawerOpen(false)} />
          </nav>
        </Drawer>
      )}

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Box maw={contentMax ?? undefined} mx="auto">
          {/* One banner at most: suspension first, then a lapsed or ending plan, then usage. */}
          {organization.suspended_at ? (
            <SuspendedNotice organization={organization} />
          ) : (
            <PlanNotice
              organization={organization}
              fallback={!PAGES_WITH_OWN_USAGE_ALERTS.includes(pathname.replace(/\/+$/, '')) && <UsageAlerts organization={organization} dismissible />}
            />
          )}
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
