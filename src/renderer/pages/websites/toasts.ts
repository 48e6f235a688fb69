import type { ToastEntry } from '../../notifications/toast-catalogue';

/** Outcomes of the website screens (the spec's catalogue has none for websites; same style). */
export const WEBSITE_TOASTS = {
  created: { title: 'Website added', message: 'Add the tracker script to your site to start validating its GA4 hits.', variant: 'default' },
  updated: { title: 'Website updated', message: 'Your changes have been saved.', variant: 'default' },
  deleted: { title: 'Website deleted', message: 'The website, its rule settings and its logged requests have been removed.', variant: 'default' },
  createFailed: { title: 'Failed to add website', message: 'The website could not be added', variant: 'destructive' },
  updateFailed: { title: 'Failed to update website', message: 'The website could not be updated', variant: 'destructive' },
  deleteFailed: { title: 'Failed to delete website', message: 'The website could not be deleted', variant: 'destructive' },
  secretCreated: { title: 'Secret created', message: 'Copy it now: it is shown only once.', variant: 'default' },
  secretCreateFailed: { title: 'Failed to create secret', message: 'The secret could not be created', variant: 'destructive' },
  secretRevoked: { title: 'Secret revoked', message: 'Hits sent with it will be refused.', variant: 'default' },
  verified: { title: 'Website verified', message: 'Its domain publishes the ownership token.', variant: 'default' },
  verifyFailed: { title: 'Not verified yet', message: 'The domain does not publish the ownership token yet', variant: 'destructive' },
  secretRevokeFailed: { title: 'Failed to revoke secret', message: 'The secret could not be revoked', variant: 'destructive' },
} as const satisfies Record<string, ToastEntry>;
