import type { ToastEntry } from '../../notifications/toast-catalogue';

/** Outcomes of the alerts screen (not in the spec's catalogue; same style). */
export const ALERT_TOASTS = {
  acknowledged: { title: 'Alert acknowledged', message: 'It resolves by itself when the condition clears.', variant: 'default' },
  resolved: { title: 'Alert resolved', message: 'The rule\'s channels are told within a minute.', variant: 'default' },
  actionFailed: { title: 'Alert not updated', message: 'The alert could not be updated', variant: 'destructive' },
  ruleSaved: { title: 'Alert rule saved', message: 'It is checked every minute.', variant: 'default' },
  ruleSaveFailed: { title: 'Alert rule not saved', message: 'The alert rule could not be saved', variant: 'destructive' },
  ruleDeleted: { title: 'Alert rule deleted', message: 'Its alerts and their history are gone too.', variant: 'default' },
  ruleDeleteFailed: { title: 'Alert rule not deleted', message: 'The alert rule could not be deleted', variant: 'destructive' },
  channelSaved: { title: 'Channel saved', message: 'Choose it on the rules that should use it.', variant: 'default' },
  channelSaveFailed: { title: 'Channel not saved', message: 'The channel could not be saved', variant: 'destructive' },
  channelDeleted: { title: 'Channel deleted', message: 'Rules no longer send to it.', variant: 'default' },
  channelDeleteFailed: { title: 'Channel not deleted', message: 'The channel could not be deleted', variant: 'destructive' },
  testSent: { title: 'Test sent', message: 'Check that it arrived.', variant: 'default' },
  testFailed: { title: 'Test not delivered', message: 'The test could not be delivered', variant: 'destructive' },
} as const satisfies Record<string, ToastEntry>;
