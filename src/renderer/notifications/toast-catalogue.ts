/**
 * Every toast the product shows (spec section 8), by name. Screens pick an entry and may pass
 * the server's message; the entry's message is the fallback. Failures are destructive (red).
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastEntry {
  title: string;
  /** Shown as is for success toasts; for failures, the fallback when there is no server message. */
  message: string;
  variant: ToastVariant;
}

const success = (title: string, message: string): ToastEntry => ({ title, message, variant: 'default' });
const failure = (title: string, message: string): ToastEntry => ({ title, message, variant: 'destructive' });

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';

export const TOASTS = {
  // Failures (destructive)
  signInFailed: failure('Sign in failed', UNEXPECTED_ERROR_MESSAGE),
  signUpFailed: failure('Sign up failed', UNEXPECTED_ERROR_MESSAGE),
  setupIncomplete: failure(
    'Setup incomplete',
    'Your account was created but organization setup failed. Please contact support.',
  ),
  signOutFailed: failure('Sign out failed', 'An error occurred while signing out'),
  resetFailed: failure('Reset failed', 'We could not send the reset email. Please try again.'),
  passwordUpdateFailed: failure('Password update failed', 'We could not update your password. Please try again.'),
  invalidMfaCode: failure('Invalid MFA code', 'Please check your authenticator app and try again'),
  mfaSetupFailed: failure('MFA setup failed', 'We could not enable MFA. Please try again.'),
  switchOrganizationFailed: failure('Failed to switch organization', 'Access denied to organization'),
  switchWebsiteFailed: failure('Failed to switch website', 'An error occurred while switching websites'),
  createOrganizationFailed: failure('Failed to create organization', 'Failed to create organization'),
  updateOrganizationFailed: failure('Failed to update organization', 'Failed to update organization'),
  deleteOrganizationFailed: failure('Failed to delete organization', 'Failed to delete organization'),
  inviteUserFailed: failure('Failed to invite user', 'Failed to invite user'),
  removeUserFailed: failure('Failed to remove user', 'Failed to remove user'),
  updateRoleFailed: failure('Failed to update role', 'Failed to update user role'),
  setupCreateOrganizationFailed: failure('Failed to create organization', 'Please try again or contact support'),
  setupFixAccountLinkFailed: failure('Failed to fix account link', 'Please contact support'),
  superAdminLoginFailed: failure('Sign in failed', 'Authentication failed'),
  acceptInvitationFailed: failure('Failed to accept invitation', 'The invitation could not be accepted'),
  leaveOrganizationFailed: failure('Failed to leave organization', 'Failed to leave organization'),
  updateProfileFailed: failure('Failed to update profile', 'Your profile could not be saved'),

  // Successes
  welcome: success('Welcome!', 'Your account and organization have been set up successfully.'),
  accountCreated: success('Account created!', 'Please check your email to verify your account.'),
  signedOut: success('Signed out', 'You have been signed out.'),
  resetEmailSent: success('Reset email sent', 'Check your email for a link to reset your password.'),
  passwordUpdated: success('Password updated', 'Your password has been changed.'),
  welcomeBack: success('Welcome back', 'You have signed in successfully.'),
  mfaEnabled: success('MFA enabled', 'Two-factor authentication is now on for your account.'),
  organizationSwitched: success('Organization switched', 'You are now working in the selected organization.'),
  websiteSwitched: success('Website switched', 'You are now viewing the selected website.'),
  organizationCreated: success('Organization created', 'Your new organization is ready.'),
  organizationUpdated: success('Organization updated', 'Your changes have been saved.'),
  userInvited: success('User invited', 'An invitation has been sent.'),
  userRemoved: success('User removed', 'The user no longer has access to this organization.'),
  roleUpdated: success('Role updated', "The member's role has been changed."),
  organizationDeleted: success('Organization deleted', 'The organization has been deleted.'),
  accountLinkFixed: success('Account link fixed', 'Your account is linked to your organization again.'),
  invitationAccepted: success('Invitation accepted', 'Welcome! You have joined the organization.'),
  leftOrganization: success('Left organization', 'You are no longer a member of that organization.'),
  profileUpdated: success('Profile updated', 'Your profile has been saved.'),
} as const satisfies Record<string, ToastEntry>;

/**
 * Mantine removes a closed toast at once; the spec's "toast removal delay" (1,000,000 ms) is the
 * time a dismissed toast lingers in shadcn-style stores. Kept for reference and for any store
 * that keeps dismissed toasts.
 * @public (a spec number: knip leaves it although no code reads it)
 */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** How long a toast stays open unless the user closes it. */
export const TOAST_AUTO_CLOSE_MS = 6000;
/** Only one toast is shown at a time. */
export const TOAST_LIMIT = 1;

/** The text a toast shows: the server's message when there is one, else the entry's message. */
export function toastText(entry: ToastEntry, serverMessage?: string | null): { title: string; message: string } {
  const message = serverMessage && serverMessage.trim() !== '' ? serverMessage : entry.message;
  return { title: entry.title, message };
}

/** A readable message from anything thrown or returned as an error. */
export function errorMessage(error: unknown): string | null {
  if (!error) return null;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message.trim() !== '') {
    return error.message;
  }
  return null;
}
