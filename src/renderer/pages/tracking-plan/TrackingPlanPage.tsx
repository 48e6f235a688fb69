import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, NativeSelect, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { coverageSentence, diffPlans, planCoverage, PARAMETER_TYPES, type PlanParameterType } from '../../../shared/ga4';
import { planHasFeature } from '../../../shared/plans';
import { useFeatureAccessQuery } from '../../data/billing/feature-access-query';
import type { Organization } from '../../data/organizations/types';
import { useCurrentOrganization } from '../../data/organizations/use-current-organization';
import { useCreatePlanFromTrafficMutation } from '../../data/tracking-plans/create-plan-from-traffic-mutation';
import { useDraftQuery } from '../../data/tracking-plans/draft-query';
import { useDriftAlertsQuery } from '../../data/tracking-plans/drift-alerts-query';
import { useInventoryQuery } from '../../data/tracking-plans/inventory-query';
import { usePublishPlanMutation } from '../../data/tracking-plans/publish-plan-mutation';
import { useRejectEntryMutation } from '../../data/tracking-plans/reject-entry-mutation';
import type { Draft, DraftEvent, WebsitePlan } from '../../data/tracking-plans/types';
import { useUpdateParameterMutation } from '../../data/tracking-plans/update-parameter-mutation';
import { useWebsitePlanQuery } from '../../data/tracking-plans/website-plan-query';
import type { Website } from '../../data/websites/types';
import { useCurrentWebsite } from '../../data/websites/use-current-website';
import { useDocumentTitle } from '../../lib/use-document-title';
import { errorMessage } from '../../notifications/toast-catalogue';
import { notify } from '../../notifications/notify';
import { upgradeLink } from '../../data/billing/plan-features';
import { permissionsForRole } from '../../data/organizations/role-permissions';
import { PlanFiles } from './PlanFiles';
import { PlanSeverities } from './PlanSeverities';
import { PlanSharing } from './PlanSharing';
import { PLAN_TOASTS } from './toasts';

const COVERAGE_DAYS = 7;
const STATUSES = ['all', 'planned', 'live', 'deprecated'] as const;

/** /app/tracking-plan: the plan the current website follows, the draft to review, its versions and coverage. */
export function TrackingPlanPage() {
  useDocumentTitle('Tracking plan');
  const { organization } = useCurrentOrganization();
  const { website, websites } = useCurrentWebsite();
  if (!organization) return null;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Tracking plan
        </Title>
        <Text c="dimmed">What this website should send: every hit is checked against the published plan, and drift from it is reported.</Text>
      </Stack>
      {website ? <Plan organization={organization} website={website} websites={websites} /> : <Text>Add a website first.</Text>}
    </Stack>
  );
}

function Plan({ organization, website, websites }: { organization: Organization; website: Website; websites: readonly Website[] }) {
  const access = useFeatureAccessQuery(organization.id, 'tracking_plans');
  const allowed = access.data ?? planHasFeature(organization.plan, 'tracking_plans');
  const canEdit = permissionsForRole(organization.user_role).manageRules;
  const plan = useWebsitePlanQuery(website.id);
  const inventory = useInventoryQuery(website.id, COVERAGE_DAYS);
  const create = useCreatePlanFromTrafficMutation();

  if (!allowed)
    return (
      <Alert title="Tracking plans need the Pro plan" color="blue">
        <Anchor component={Link} to={upgradeLink('tracking_plans', organization.plan, 'tracking-plan')}>
          Upgrade to Pro
        </Anchor>{' '}
        to declare what each website should send and have every hit checked against it.
      </Alert>
    );
  if (plan.isPending) return <Loader aria-label="Loading the tracking plan" />;
  const proposeFromTraffic = () =>
    create.mutate(
      { organizationId: organization.id, websiteId: website.id, websiteName: website.name || website.domain, ...(plan.data ? { planId: plan.data.planId } : {}), days: COVERAGE_DAYS },
      { onSuccess: () => notify(PLAN_TOASTS.proposed), onError: (e) => notify(PLAN_TOASTS.proposeFailed, errorMessage(e)) },
    );
  return (
    <Stack gap="lg">
      {!plan.data ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Text>This website follows no tracking plan yet. Tracklint can propose one from the events and parameters its traffic sent in the last {COVERAGE_DAYS} days.</Text>
            {canEdit && (
              <Group>
                <Button onClick={proposeFromTraffic} loading={create.isPending}>
                  Create the plan from traffic
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ) : (
        <>
          <PlanBody plan={plan.data} canEdit={canEdit} inventory={inventory.data ?? []} onPropose={proposeFromTraffic} proposing={create.isPending} />
          <PlanSeverities plan={plan.data} canEdit={canEdit} />
          <PlanFiles plan={plan.data} canEdit={canEdit} />
          <PlanSharing plan={plan.data} organizationId={organization.id} websites={websites} canEdit={canEdit} />
          <DriftTimeline websiteId={website.id} />
        </>
      )}
    </Stack>
  );
}

function PlanBody({ plan, canEdit, inventory, onPropose, proposing }: { plan: WebsitePlan; canEdit: boolean; inventory: Parameters<typeof planCoverage>[1]; onPropose: () => void; proposing: boolean }) {
  const draft = useDraftQuery(plan.draftId);
  const publish = usePublishPlanMutation();
  const latest = plan.versions[0];
  const coverage = latest ? planCoverage(latest.document, inventory, plan.customDefinitions) : null;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {plan.name}{' '}
          <Badge variant="light" data-testid="plan-version">
            {latest ? `v${latest.number} published` : 'not published'}
          </Badge>
        </Title>
        {canEdit && (
          <Group>
            <Button variant="default" onClick={onPropose} loading={proposing}>
              Add from traffic
            </Button>
            <Button
              onClick={() => publish.mutate({ planId: plan.planId }, { onSuccess: () => notify(PLAN_TOASTS.published), onError: (e) => notify(PLAN_TOASTS.publishFailed, errorMessage(e)) })}
              loading={publish.isPending}
            >
              Publish draft
            </Button>
          </Group>
        )}
      </Group>
      {coverage && (
        <Text data-testid="plan-coverage">
          {coverageSentence(coverage, COVERAGE_DAYS)}
          {coverage.missing.length > 0 ? ` (not seen: ${coverage.missing.slice(0, 10).join(', ')})` : ''}
        </Text>
      )}
      {draft.data ? <DraftTable draft={draft.data} draftId={plan.draftId} canEdit={canEdit} /> : <Loader aria-label="Loading the draft" />}
      <VersionHistory plan={plan} />
    </Stack>
  );
}

function DraftTable({ draft, draftId, canEdit }: { draft: Draft; draftId: string; canEdit: boolean }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('all');
  const reject = useRejectEntryMutation(draftId);
  const update = useUpdateParameterMutation(draftId);
  const onError = (e: unknown) => notify(PLAN_TOASTS.editFailed, errorMessage(e));
  const events = useMemo(() => {
    const q = search.trim().toLowerCase();
    return draft.events.filter((e) => (status === 'all' || e.status === status) && (q === '' || e.name.toLowerCase().includes(q) || e.parameters.some((p) => p.name.toLowerCase().includes(q))));
  }, [draft.events, search, status]);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Draft
      </Title>
      <Group>
        <TextInput label="Search events and parameters" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        <SegmentedControl aria-label="Filter by status" data={STATUSES.map((s) => ({ value: s, label: s === 'all' ? 'All' : s[0]!.toUpperCase() + s.slice(1) }))} value={status} onChange={(v) => setStatus(v as (typeof STATUSES)[number])} />
      </Group>
      {events.length === 0 ? (
        <Text c="dimmed" data-testid="draft-empty">
          No events in the draft{search || status !== 'all' ? ' match' : ''}.
        </Text>
      ) : (
        <Table striped withTableBorder data-testid="draft-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event / parameter</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Required</Table.Th>
              <Table.Th>Status / notes</Table.Th>
              {canEdit && <Table.Th>Review</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((e) => (
              <EventRows key={e.id} event={e} canEdit={canEdit} onReject={(entry) => reject.mutate(entry, { onError })} onUpdate={(id, changes) => update.mutate({ id, changes }, { onError })} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function EventRows({ event, canEdit, onReject, onUpdate }: { event: DraftEvent; canEdit: boolean; onReject: (e: { kind: 'event' | 'parameter'; id: string }) => void; onUpdate: (id: string, changes: { type?: PlanParameterType; required?: boolean }) => void }) {
  return (
    <>
      <Table.Tr data-testid="draft-event" data-event-name={event.name}>
        <Table.Td>
          <Text fw={600}>{event.name}</Text>
        </Table.Td>
        <Table.Td />
        <Table.Td />
        <Table.Td>
          <Badge variant="light" color={event.status === 'deprecated' ? 'gray' : event.status === 'live' ? 'teal' : 'blue'}>
            {event.status}
          </Badge>{' '}
          <Text span size="xs" c="dimmed">
            {event.description}
          </Text>
        </Table.Td>
        {canEdit && (
          <Table.Td>
            <Button size="xs" variant="subtle" color="red" onClick={() => onReject({ kind: 'event', id: event.id })} aria-label={`Reject event ${event.name}`}>
              Reject
            </Button>
          </Table.Td>
        )}
      </Table.Tr>
      {event.parameters.map((p) => (
        <Table.Tr key={p.id} data-testid="draft-parameter" data-parameter={`${event.name}.${p.scope === 'item' ? 'items.' : ''}${p.name}`}>
          <Table.Td pl="xl">
            {p.scope === 'item' ? 'items.' : ''}
            {p.name}
          </Table.Td>
          <Table.Td>
            {canEdit ? (
              <NativeSelect aria-label={`Type of ${event.name}.${p.name}`} size="xs" data={[...PARAMETER_TYPES]} value={p.type} onChange={(e) => onUpdate(p.id, { type: e.currentTarget.value as PlanParameterType })} />
            ) : (
              p.type
            )}
          </Table.Td>
          <Table.Td>
            <Checkbox aria-label={`${event.name}.${p.name} is required`} checked={p.required} disabled={!canEdit} onChange={(e) => onUpdate(p.id, { required: e.currentTarget.checked })} />
          </Table.Td>
          <Table.Td>
            <Text size="xs" c="dimmed">
              {p.allowed_values ? `one of ${p.allowed_values.join(', ')}. ` : ''}
              {p.description}
            </Text>
          </Table.Td>
          {canEdit && (
            <Table.Td>
              <Button size="xs" variant="subtle" color="red" onClick={() => onReject({ kind: 'parameter', id: p.id })} aria-label={`Reject parameter ${event.name}.${p.name}`}>
                Reject
              </Button>
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    </>
  );
}

function VersionHistory({ plan }: { plan: WebsitePlan }) {
  if (plan.versions.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="version-history">
      <Title order={2} size="h4">
        Version history
      </Title>
      {plan.versions.map((v, i) => {
        const changes = diffPlans(plan.versions[i + 1]?.document ?? null, v.document);
        return (
          <Paper key={v.id} withBorder p="sm">
            <Text fw={600}>
              v{v.number}, published {new Date(v.published_at).toLocaleString('en-US')}
            </Text>
            {changes.length === 0 ? (
              <Text size="sm" c="dimmed">
                No changes.
              </Text>
            ) : (
              <Stack gap={2}>
                {changes.slice(0, 50).map((c) => (
                  <Text key={`${c.kind}-${c.subject}`} size="sm" c={c.kind === 'removed' ? 'red' : c.kind === 'added' ? 'teal' : undefined}>
                    {c.kind === 'added' ? '+ ' : c.kind === 'removed' ? '− ' : '~ '}
                    {c.text}
                  </Text>
                ))}
              </Stack>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

/** The website's drift alerts, newest first: what changed, since when, and whether it is over. */
function DriftTimeline({ websiteId }: { websiteId: string }) {
  const drift = useDriftAlertsQuery(websiteId);
  return (
    <Stack gap="sm" data-testid="drift-timeline">
      <Title order={2} size="h4">
        Drift
      </Title>
      {drift.isPending ? (
        <Loader aria-label="Loading drift" />
      ) : drift.isError ? (
        <Text c="red">{errorMessage(drift.error)}</Text>
      ) : (drift.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          No drift from the plan. A Tracking plan drift alert rule (on the Alerts page) reports planned events that stop or change volume, new events and parameters, and type or value changes.
        </Text>
      ) : (
        <Stack gap={4}>
          {drift.data!.map((a) => (
            <Paper key={a.id} withBorder p="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {a.title}
                </Text>
                <Badge color={a.status === 'resolved' ? 'gray' : a.severity === 'critical' ? 'red' : 'yellow'} variant="light">
                  {a.status}
                </Badge>
              </Group>
              <Text size="sm">{a.summary}</Text>
              <Text size="xs" c="dimmed">
                Opened {new Date(a.opened_at).toLocaleString('en-US')}
                {a.link ? (
                  <>
                    {' · '}
                    <Anchor component={Link} to={a.link} size="xs">
                      Requests
                    </Anchor>
                  </>
                ) : null}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
