import { Badge } from '@mantine/core';
import type { OrganizationSummary } from '../../../../shared/super-admin-console';
import { ConsoleListPage } from './ConsoleListPage';
import { formatDate, formatUsage } from './format';
import { PlanRequestsPanel } from './PlanRequestsPanel';

export function OrganizationsPage() {
  return (
    <ConsoleListPage<OrganizationSummary>
      title="Organizations"
      lead="Every organization on Tracklint: plan, trial, members, websites and this month's requests."
      resource="organizations"
      searchLabel="Search by name or slug"
      loadingLabel="Loading organizations"
      minWidth={900}
      columns={[
        { label: 'Name', sort: 'name', cell: (o) => o.name },
        { label: 'Slug', sort: 'slug', cell: (o) => o.slug },
        { label: 'Plan', sort: 'plan', cell: (o) => o.plan },
        { label: 'Status', cell: (o) => (o.suspended_at ? <Badge color="red.9">Suspended</Badge> : o.subscription_status) },
        { label: 'Trial end', sort: 'trial_end', cell: (o) => formatDate(o.trial_ends_at) },
        { label: 'Members', cell: (o) => o.members },
        { label: 'Websites', cell: (o) => o.websites },
        { label: 'Requests this month', sort: 'requests', cell: (o) => formatUsage(o.requests_this_month, o.monthly_request_limit) },
        { label: 'Created', sort: 'created', cell: (o) => formatDate(o.created_at) },
      ]}
    >
      <PlanRequestsPanel />
    </ConsoleListPage>
  );
}
