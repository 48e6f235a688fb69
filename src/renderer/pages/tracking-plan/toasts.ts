import type { ToastEntry } from '../../notifications/toast-catalogue';

/** Outcomes of the tracking plan screen (not in the spec's catalogue; same style). */
export const PLAN_TOASTS = {
  proposed: { title: 'Draft proposed from traffic', message: 'Review each event and parameter, then publish.', variant: 'default' },
  proposeFailed: { title: 'Draft not proposed', message: 'The draft could not be proposed from traffic', variant: 'destructive' },
  published: { title: 'Tracking plan published', message: 'Every new hit is checked against it.', variant: 'default' },
  publishFailed: { title: 'Tracking plan not published', message: 'The plan could not be published', variant: 'destructive' },
  editFailed: { title: 'Plan not changed', message: 'The plan could not be changed', variant: 'destructive' },
  severitiesSaved: { title: 'Severities saved', message: 'Plan findings are reported with them from the next hit on.', variant: 'default' },
  severitiesFailed: { title: 'Severities not saved', message: 'The severities could not be saved', variant: 'destructive' },
  imported: { title: 'File imported', message: 'The file was imported.', variant: 'default' },
  importFailed: { title: 'Import failed', message: 'The file could not be imported', variant: 'destructive' },
  exportFailed: { title: 'Export failed', message: 'The file could not be exported', variant: 'destructive' },
  shared: { title: 'Websites updated', message: 'The plan now guards the websites you chose.', variant: 'default' },
  shareFailed: { title: 'Websites not updated', message: 'The plan could not be shared', variant: 'destructive' },
} as const satisfies Record<string, ToastEntry>;
