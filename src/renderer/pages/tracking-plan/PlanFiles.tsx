import { useState } from 'react';
import { Button, FileButton, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { importSummary, PLAN_FILE_KINDS, type PlanFileKind } from '../../data/tracking-plans/plan-files';
import { useExportPlanFileMutation, useImportPlanFileMutation } from '../../data/tracking-plans/plan-files-mutations';
import type { WebsitePlan } from '../../data/tracking-plans/types';
import { saveTextFile } from '../../lib/save-file';
import { errorMessage } from '../../notifications/toast-catalogue';
import { notify, showToast } from '../../notifications/notify';
import { PLAN_TOASTS } from './toasts';

/**
 * Import and export in the formats people keep plans in: the draft as a JSON Schema bundle or a
 * CSV spreadsheet, and the GA4 property's custom definition list. Everyone exports; owners and
 * admins import (an import replaces the draft, or the registered definitions). A bad file is
 * refused whole by the server, whose message the toast shows.
 */
export function PlanFiles({ plan, canEdit }: { plan: WebsitePlan; canEdit: boolean }) {
  const [kind, setKind] = useState<PlanFileKind>('json-schema');
  const exporter = useExportPlanFileMutation();
  const importer = useImportPlanFileMutation();
  const selected = PLAN_FILE_KINDS.find((k) => k.kind === kind)!;

  const exportFile = () =>
    exporter.mutate(
      { planId: plan.planId, kind },
      {
        onSuccess: (file) => saveTextFile(file.filename ?? `tracking-plan.${kind === 'csv' ? 'csv' : 'json'}`, file.text, file.contentType || selected.contentType),
        onError: (e) => notify(PLAN_TOASTS.exportFailed, errorMessage(e)),
      },
    );

  const importFile = async (file: File | null) => {
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch {
      notify(PLAN_TOASTS.importFailed, `${file.name} could not be read`);
      return;
    }
    importer.mutate(
      { planId: plan.planId, kind, text },
      { onSuccess: (result) => showToast(PLAN_TOASTS.imported.title, `${file.name}: ${importSummary(result)}`, 'default'), onError: (e) => notify(PLAN_TOASTS.importFailed, errorMessage(e)) },
    );
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Import and export
      </Title>
      <Text size="sm" c="dimmed">
        The draft as a JSON Schema bundle (draft 2020-12, one schema per event) or a CSV spreadsheet (event, parameter, scope, type, required, allowed values,
        description), and the custom dimensions and metrics registered in the GA4 property.{canEdit ? ' Importing a plan file replaces the draft; importing custom definitions replaces the registered list.' : ''}
      </Text>
      <Group align="end">
        <NativeSelect label="File format" data={PLAN_FILE_KINDS.map((k) => ({ value: k.kind, label: k.label }))} value={kind} onChange={(e) => setKind(e.currentTarget.value as PlanFileKind)} />
        <Button variant="default" onClick={exportFile} loading={exporter.isPending}>
          Export
        </Button>
        {canEdit && (
          <FileButton onChange={(f) => void importFile(f)} accept={selected.accept}>
            {(props) => (
              <Button {...props} loading={importer.isPending}>
                Import…
              </Button>
            )}
          </FileButton>
        )}
      </Group>
    </Stack>
  );
}
