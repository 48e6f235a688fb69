import type { ComponentType } from 'react';
import { Badge, NavLink, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconBell,
  IconBuilding,
  IconBuildingPlus,
  IconChartBar,
  IconChecklist,
  IconCode,
  IconCreditCard,
  IconKey,
  IconLayoutDashboard,
  IconListDetails,
  IconLock,
  IconSettings,
  IconShieldCheck,
  IconUsers,
  IconWorld,
  IconWorldPlus,
  type IconProps,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { isNavItemActive, navSectionsForRole, type NavItem, type NavItemId } from './nav-items';
import type { OrganizationRole } from '../data/organizations/types';
import { planIncludesFeature, requiredPlanForFeature, upgradeLink } from '../data/billing/plan-features';
import classes from './shell.module.css';

const ICONS: Record<NavItemId, ComponentType<IconProps>> = {
  dashboard: IconLayoutDashboard,
  requests: IconListDetails,
  alerts: IconBell,
  analytics: IconChartBar,
  'rules-basic': IconShieldCheck,
  'rules-advanced': IconAdjustmentsHorizontal,
  'rules-custom': IconCode,
  'tracking-plan': IconChecklist,
  websites: IconWorld,
  'add-website': IconWorldPlus,
  settings: IconSettings,
  organization: IconBuilding,
  'create-organization': IconBuildingPlus,
  team: IconUsers,
  'api-keys': IconKey,
  billing: IconCreditCard,
};

interface SidebarProps {
  /** Icon-only (80px) when true. */
  collapsed: boolean;
  plan: string | null | undefined;
  /** The user's role in the organization; items the role may not use are hidden. */
  role: OrganizationRole;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
}

export function Sidebar({ collapsed, plan, role, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap="md" py="sm">
        {navSectionsForRole(role).map((section) => (
          <Stack key={section.label} gap={2}>
            {collapsed ? (
              <Text className={classes.visuallyHidden}>{section.label}</Text>
            ) : (
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm">
                {section.label}
              </Text>
            )}
            {section.items.map((item) => (
              <SidebarLink
                key={item.id}
                item={item}
                collapsed={collapsed}
                active={isNavItemActive(item, pathname)}
                plan={plan}
                onNavigate={onNavigate}
              />
            ))}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}

function SidebarLink({
  item,
  collapsed,
  active,
  plan,
  onNavigate,
}: {
  item: NavItem;
  collapsed: boolean;
  active: boolean;
  plan: string | null | undefined;
  onNavigate?: () => void;
}) {
  const Icon = ICONS[item.id];
  const gated = item.feature !== undefined && !planIncludesFeature(plan, item.feature);
  const to = gated && item.feature ? upgradeLink(item.feature, plan, 'sidebar') : item.to;
  const requiredPlan = item.feature ? requiredPlanForFeature(item.feature).toUpperCase() : '';
  // The name starts with the visible text (label, then the plan badge) so voice control users can say what they see.
  const accessibleLabel = gated ? `${item.label} ${requiredPlan}: requires the ${requiredPlan} plan, opens upgrade` : item.label;

  if (collapsed) {
    return (
      <Tooltip label={accessibleLabel} position="right" withArrow>
        <UnstyledButton
          component={Link}
          to={to}
          onClick={onNavigate}
          aria-label={accessibleLabel}
          aria-current={active ? 'page' : undefined}
          className={classes.iconLink}
          data-active={active || undefined}
        >
          <Icon size={22} stroke={1.6} aria-hidden />
        </UnstyledButton>
      </Tooltip>
    );
  }

  return (
    <NavLink
      component={Link}
      to={to}
      onClick={onNavigate}
      label={item.label}
      aria-label={gated ? accessibleLabel : undefined}
      aria-current={active ? 'page' : undefined}
      active={active}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      rightSection={
        gated ? (
          <Badge size="xs" variant="light" leftSection={<IconLock size={10} aria-hidden />}>
            {requiredPlan}
          </Badge>
        ) : undefined
      }
    />
  );
}
