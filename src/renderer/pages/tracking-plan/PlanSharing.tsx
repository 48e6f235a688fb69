import { useState } from 'react';
import { Button, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { PlanAssignment } from '../../data/tracking-plans/plan-websites';
import { usePlanAssignmentsQuery, useSetPlanWebsitesMutation } from '../../data/tracking-plans/plan-websites-hooks';
import type { WebsitePlan } from '../../data/tracking-plans/types';
import type { Website } from '../../data/websites/types';
import { errorMessage } from '../../notifications/toast-catalogue';
import { notify } from '../../notifications/notify';
import { PLAN_TOASTS } from './toasts';

const label = (w: Website) => w.name || w.domain;

/**
 * Sharing: which of the organization's websites follow this plan (agencies run one plan on many
 * shops). Members read; owners and admins choose. A website that follows another plan leaves it.
 */
export function PlanSharing({ plan, organizationId, websites, canEdit }: { plan: WebsitePlan; organizationId: string; websites: readonly Website[]; canEdit: boolean }) {
  const assignments = usePlanAssignmentsQuery(organizationId);
  if (assignments.isPending) return <Loader aria-label="Loading the websites that follow the plan" />;
  if (assignments.isError) return <Text c="red">{errorMessage(assignments.error)}</Text>;
  // Not keyed by what is stored: a remount during the save would drop the mutate callback (and its
  // toast). After a save the choice equals what is stored, so nothing reads as changed.
  const following = assignments.data.filter((a) => a.plan_id === plan.planId).map((a) => a.website_id);
  return <SharingForm plan={plan} websites={websites} assignments={assignments.data} following={following} canEdit={canEdit} />;
}

function SharingForm({ plan, websites, assignments, following, canEdit }: { plan: WebsitePlan; websites: readonly Website[]; assignments: PlanAssignment[]; following: string[]; canEdit: boolean }) {
  const [chosen, setChosen] = useState<string[]>(following);
  const save = useSetPlanWebsitesMutation();
  const changed = chosen.length !== following.length || chosen.some((id) => !following.includes(id));
  const otherPlan = (websiteId: string) => assignments.find((a) => a.website_id === websiteId && a.plan_id !== plan.planId)?.plan_name;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Websites that follow this plan
      </Title>
      <Checkbox.Group value={chosen} onChange={setChosen}>
        <Stack gap={6} role="group" aria-label="Websites that follow this plan">
          {websites.map((w) => {
            const other = otherPlan(w.id);
            return <Checkbox key={w.id} value={w.id} disabled={!canEdit} label={label(w)} description={other ? `Follows ${other}; choosing it here moves it to this plan.` : undefined} />;
          })}
        </Stack>
      </Checkbox.Group>
      {canEdit && (
        <Group>
          <Button
            variant="default"
            disabled={!changed}
            loading={save.isPending}
            onClick={() => save.mutate({ planId: plan.planId, websiteIds: chosen, current: assignments }, { onSuccess: () => notify(PLAN_TOASTS.shared), onError: (e) => notify(PLAN_TOASTS.shareFailed, errorMessage(e)) })}
          >
            Save websites
          </Button>
        </Group>
      )}
    </Stack>
  );
}
