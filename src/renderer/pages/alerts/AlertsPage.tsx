import { useMemo } from 'react';
import { Alert, Anchor, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { planHasFeature } from '../../../shared/plans';
import { useAlertChannelsQuery } from '../../data/alerts/alert-channels-query';
import { useAlertDeliveriesQuery } from '../../data/alerts/alert-deliveries-query';
import { useAlertRulesQuery } from '../../data/alerts/alert-rules-query';
import { useAlertsQuery } from '../../data/alerts/alerts-query';
import { useFeatureAccessQuery } from '../../data/billing/feature-access-query';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import type { Organization } from '../../data/organizations/types';
import { useTeamMembersQuery } from '../../data/team/members-query';
import { useCurrentWebsite } from '../../data/websites/use-current-website';
import { useDocumentTitle } from '../../lib/use-document-title';
import { upgradeLink } from '../../data/billing/plan-features';
import { permissionsForRole } from '../../data/organizations/role-permissions';
import { AlertList } from './AlertList';
import { ChannelsPanel } from './ChannelsPanel';
import { DeliveriesPanel } from './DeliveriesPanel';
import { LiveSignals } from './LiveSignals';
import { RulesPanel } from './RulesPanel';

const TABS = ['alerts', 'rules', 'channels', 'history'] as const;
type Tab = (typeof TABS)[number];

/** /app/alerts: alerts raised by the server every minute, the rules behind them, where they are sent, and what was sent. */
export function AlertsPage() {
  useDocumentTitle('Alerts');
  const { organization } = useCurrentOrganization();
  if (!organization) return null;
  return <Alerts organization={organization} />;
}

function Alerts({ organization }: { organization: Organization }) {
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === search.get('tab')) ?? 'alerts';
  const canManage = permissionsForRole(organization.user_role).manageRules;
  const access = useFeatureAccessQuery(organization.id, 'custom_alerts');
  const customAllowed = access.data ?? planHasFeature(organization.plan, 'custom_alerts');
  const { websites } = useCurrentWebsite();
  const alerts = useAlertsQuery(organization.id);
  const rules = useAlertRulesQuery(organization.id);
  const channels = useAlertChannelsQuery(organization.id);
  const deliveries = useAlertDeliveriesQuery(organization.id);
  const members = useTeamMembersQuery(organization.id);
  const websiteList = useMemo(() => websites.map((w) => ({ id: w.id, name: w.name || w.domain })), [websites]);
  const websiteNames = useMemo(() => new Map(websiteList.map((w) => [w.id, w.name])), [websiteList]);
  const memberNames = useMemo(() => new Map((members.data ?? []).map((m) => [m.user_id, m.full_name || m.email || 'a member'])), [members.data]);
  const unresolved = (alerts.data ?? []).filter((a) => a.status !== 'resolved');
  const resolved = (alerts.data ?? []).filter((a) => a.status === 'resolved');

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Alerts
        </Title>
        <Text c="dimmed">Tracking problems and usage limits that need your attention, checked every minute and sent to your channels.</Text>
      </Stack>
      <Tabs value={tab} onChange={(value) => setSearch(value && value !== 'alerts' ? { tab: value } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="alerts">Alerts{unresolved.length ? ` (${unresolved.length})` : ''}</Tabs.Tab>
          <Tabs.Tab value="rules">Rules</Tabs.Tab>
          <Tabs.Tab value="channels">Channels</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="alerts" pt="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              Open alerts
            </Title>
            {alerts.isError && <Alert color="red">The alerts could not be loaded.</Alert>}
            {alerts.isPending ? (
              <Loader aria-label="Loading alerts" />
            ) : (
              <AlertList
                organizationId={organization.id}
                alerts={unresolved}
                canManage={canManage}
                websiteNames={websiteNames}
                memberNames={memberNames}
                testId="open-alerts"
                emptyText={websites.length === 0 ? 'No alerts. Add a website to start monitoring.' : 'No open alerts: every rule is quiet.'}
              />
            )}
            {websites.length === 0 && (
              <Text size="sm">
                <Anchor component={Link} to="/app/websites/add">
                  Add a website
                </Anchor>{' '}
                to start monitoring.
              </Text>
            )}
            <LiveSignals organization={organization} websiteNames={websiteNames} />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="rules" pt="md">
          {rules.isPending || channels.isPending ? (
            <Loader aria-label="Loading alert rules" />
          ) : rules.isError ? (
            <Alert color="red">The alert rules could not be loaded.</Alert>
          ) : (
            <RulesPanel
              organizationId={organization.id}
              rules={rules.data ?? []}
              channels={channels.data ?? []}
              websites={websiteList}
              canManage={canManage}
              customAllowed={customAllowed}
              upgradeTo={upgradeLink('custom_alerts', organization.plan, 'alerts')}
            />
          )}
        </Tabs.Panel>

        <Tabs.Panel value="channels" pt="md">
          {channels.isPending ? (
            <Loader aria-label="Loading channels" />
          ) : channels.isError ? (
            <Alert color="red">The channels could not be loaded.</Alert>
          ) : (
            <ChannelsPanel organizationId={organization.id} channels={channels.data ?? []} canManage={canManage} customAllowed={customAllowed} />
          )}
        </Tabs.Panel>

        <Tabs.Panel value="history" pt="md">
          <Stack gap="xl">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Resolved alerts
              </Title>
              <AlertList
                organizationId={organization.id}
                alerts={resolved}
                canManage={false}
                websiteNames={websiteNames}
                memberNames={memberNames}
                testId="resolved-alerts"
                emptyText="No resolved alerts yet."
              />
            </Stack>
            <Stack gap="sm">
              <Title order={2} size="h4">
                Notifications sent
              </Title>
              <DeliveriesPanel deliveries={deliveries.data ?? []} channels={channels.data ?? []} alerts={alerts.data ?? []} />
            </Stack>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
