/** The numbers of the super-admin login, in one place. */
export const SUPER_ADMIN_POLICY = {
  /** How long a signed-in super-admin session lasts (absolute, from sign-in). */
  sessionTtlSeconds: 8 * 60 * 60,
  /** How long the MFA step of a login stays open after the password was accepted. */
  mfaChallengeTtlSeconds: 5 * 60,
  /** Wrong codes one pending MFA verification takes before it is discarded. */
  mfaChallengeMaxAttempts: 5,
  /** Failed password or MFA attempts per email and address before that source has to wait... */
  maxFailedAttempts: 5,
  /** ...counted since the source's last success within this window... */
  failureWindowSeconds: 24 * 60 * 60,
  /**
   * ...and then for a back-off that doubles with every further failure from that source (1 min,
   * 2, 4, ... at most an hour) after its latest failure. Per source, never a lock on the account:
   * someone who knows an administrator's email cannot lock them out from elsewhere.
   */
  backoffBaseSeconds: 60,
  backoffMaxSeconds: 60 * 60,
} as const;

export const MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  invalidMfaCode: 'Invalid MFA code',
  noPendingMfa: 'No pending MFA verification',
  sessionInvalid: 'Session expired or invalid',
  credentialsRequired: 'Email and password are required',
  verifyFieldsRequired: 'userId and code are required',
  setupFieldsRequired: 'userId, secret and token are required',
  badSecret: 'secret must be a base32 TOTP secret of 128 to 512 bits',
  notYourAccount: 'You can only set up MFA for your own account',
  currentCodeRequired: 'MFA is already on: replacing it needs a current code from your authenticator app (currentCode)',
  tooManyRequests: (minutes: number) => `Too many sign-in requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;
