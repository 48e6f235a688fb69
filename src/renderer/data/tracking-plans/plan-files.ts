import { PLAN_LIMITS } from '../../../shared/ga4';
import { appApiFileRequest, type AppApiFile } from '../../lib/app-api';
import type { TracklintClient } from '../../lib/supabase';

/**
 * The plan's files through the app API (src/server/tracking-plans/routes.ts): the plan as a JSON
 * Schema bundle or a CSV spreadsheet, and the GA4 property's custom definition list. The server
 * checks every import whole and answers a 400 whose `error` names the problem; nothing changes.
 */
export type PlanFileKind = 'json-schema' | 'csv' | 'custom-definitions';

export const PLAN_FILE_KINDS: ReadonlyArray<{ kind: PlanFileKind; label: string; accept: string; contentType: string }> = [
  { kind: 'json-schema', label: 'JSON Schema bundle', accept: 'application/json,.json', contentType: 'application/json' },
  { kind: 'csv', label: 'CSV spreadsheet', accept: 'text/csv,.csv', contentType: 'text/csv' },
  { kind: 'custom-definitions', label: 'GA4 custom definitions', accept: 'application/json,.json', contentType: 'application/json' },
];

const fileKind = (kind: PlanFileKind) => PLAN_FILE_KINDS.find((k) => k.kind === kind)!;

const pathOf = (planId: string, kind: PlanFileKind, action: 'import' | 'export') =>
  kind === 'custom-definitions' ? `/api/tracking-plans/${encodeURIComponent(planId)}/custom-definitions` : `/api/tracking-plans/${encodeURIComponent(planId)}/${action}?format=${kind}`;

/** The draft (the plan being edited) as a file, or the registered custom definitions. */
export async function exportPlanFile(client: TracklintClient, baseUrl: string, planId: string, kind: PlanFileKind): Promise<AppApiFile> {
  return appApiFileRequest(client, baseUrl, { method: 'GET', path: pathOf(planId, kind, 'export') }, 'The file could not be exported');
}

export interface PlanImportResult {
  /** Plan files: what the draft now holds. */
  events?: number;
  parameters?: number;
  /** Custom definitions: how many are registered now. */
  registered?: number;
}

/** Replaces the draft with a plan file, or the registered custom definitions with GA4's list. */
export async function importPlanFile(client: TracklintClient, baseUrl: string, planId: string, kind: PlanFileKind, text: string): Promise<PlanImportResult> {
  // The server's limit, said before a large file is uploaded for nothing.
  if (text.length > PLAN_LIMITS.fileBytes) throw new Error(`The file was not imported: it is larger than ${PLAN_LIMITS.fileBytes.toLocaleString('en-US')} bytes`);
  const file = await appApiFileRequest(client, baseUrl, { method: 'POST', path: pathOf(planId, kind, 'import'), file: { text, contentType: fileKind(kind).contentType } }, 'The file could not be imported');
  return JSON.parse(file.text) as PlanImportResult;
}

/** "2 events, 7 parameters" or "3 custom definitions registered": what an import toast says. */
export function importSummary(result: PlanImportResult): string {
  if (result.registered !== undefined) return `${result.registered} custom definition${result.registered === 1 ? '' : 's'} registered.`;
  const events = result.events ?? 0;
  const parameters = result.parameters ?? 0;
  return `The draft now holds ${events} event${events === 1 ? '' : 's'} and ${parameters} parameter${parameters === 1 ? '' : 's'}.`;
}
