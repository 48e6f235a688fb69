import type { ToastEntry } from '../../notifications/toast-catalogue';

/** Outcomes of the API keys screen (not in the spec's catalogue; same style). */
export const API_KEY_TOASTS = {
  created: { title: 'API key created', message: 'Copy it now: it is shown only once.', variant: 'default' },
  revoked: { title: 'API key revoked', message: 'The collector stops accepting it within 30 seconds.', variant: 'default' },
  createFailed: { title: 'Failed to create API key', message: 'The API key could not be created', variant: 'destructive' },
  revokeFailed: { title: 'Failed to revoke API key', message: 'The API key could not be revoked', variant: 'destructive' },
} as const satisfies Record<string, ToastEntry>;
