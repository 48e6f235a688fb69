import type { ToastEntry } from '../../notifications/toast-catalogue';

/** Outcomes of the rules screens (not in the spec's catalogue; same style). */
export const RULE_TOASTS = {
  settingSaved: { title: 'Rule updated', message: 'The rule setting applies to new hits of this website.', variant: 'default' },
  settingFailed: { title: 'Failed to update rule', message: 'The rule setting could not be saved', variant: 'destructive' },
  customSaved: { title: 'Custom rule saved', message: 'It applies to new hits within a minute.', variant: 'default' },
  customSaveFailed: { title: 'Failed to save custom rule', message: 'The custom rule could not be saved', variant: 'destructive' },
  customDeleted: { title: 'Custom rule deleted', message: 'The rule no longer checks new hits.', variant: 'default' },
  customDeleteFailed: { title: 'Failed to delete custom rule', message: 'The custom rule could not be deleted', variant: 'destructive' },
} as const satisfies Record<string, ToastEntry>;
