import {
  SuperAdminApiError,
  getSession,
  login,
  logout,
  setupMfa,
  verifyMfa,
  type SuperAdminApiConfig,
} from '../api/super-admin-client';
import {
  AUTHENTICATION_FAILED,
  SESSION_RECHECK_INTERVAL_MS,
  clearStoredToken,
  isSuperAdmin,
  loginOutcome,
  readStoredToken,
  storeToken,
  type LoginOutcome,
  type SuperAdminSessionState,
  type TokenStorage,
} from './session-logic';

/** A toast request; variant names follow the app's toast model. */
export interface SuperAdminNotice {
  title: string;
  message?: string;
  variant: 'default' | 'destructive';
}

export interface ClientInfo {
  ipAddress: string | null;
  userAgent: string;
}

export interface SessionControllerDeps {
  api: SuperAdminApiConfig;
  storage: TokenStorage;
  notify?: (notice: SuperAdminNotice) => void;
  clientInfo?: () => ClientInfo;
}

export interface IntervalScheduler {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const defaultScheduler: IntervalScheduler = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

function defaultClientInfo(): ClientInfo {
  return { ipAddress: null, userAgent: globalThis.navigator?.userAgent ?? 'unknown' };
}

const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof SuperAdminApiError && error.serverError ? error.serverError : fallback;

/**
 * The super-admin session as a small state machine outside React: loading → signed-out |
 * mfa-required | signed-in. React subscribes to it; tests drive it with a fake fetch and storage.
 */
export class SuperAdminSessionController {
  private state: SuperAdminSessionState = { status: 'loading' };
  private readonly listeners = new Set<() => void>();
  // Kept in memory only while an MFA challenge is open, to finish the login with the code.
  private pendingCredentials: { email: string; password: string } | null = null;
  // Bumped on every sign-in and sign-out so a slow session check cannot undo a newer change.
  private generation = 0;

  constructor(private readonly deps: SessionControllerDeps) {}

  getState = (): SuperAdminSessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setState(next: SuperAdminSessionState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  private notify(notice: SuperAdminNotice): void {
    this.deps.notify?.(notice);
  }

  /** Picks up a stored token (if any) and checks it with the server. */
  async restore(): Promise<void> {
    const generation = this.generation;
    let token: string | null = null;
    try {
      token = await readStoredToken(this.deps.storage);
    } catch {
      token = null;
    }
    if (generation !== this.generation) return;
    if (!token) {
      if (this.state.status === 'loading') this.setState({ status: 'signed-out' });
      return;
    }
    await this.checkToken(token, generation);
  }

  /** Re-checks the current session; the token is cleared when the check fails. */
  async recheck(): Promise<void> {
    if (this.state.status !== 'signed-in') return;
    await this.checkToken(this.state.sessionToken, this.generation);
  }

  private async checkToken(token: string, generation: number): Promise<void> {
    let user = null;
    try {
      user = await getSession(this.deps.api, token);
    } catch {
      user = null;
    }
    if (generation !== this.generation) return;
    if (user && isSuperAdmin(user)) {
      this.setState({ status: 'signed-in', user, sessionToken: token });
      return;
    }
    await this.dropSession();
  }

  private async dropSession(): Promise<void> {
    this.generation += 1;
    this.pendingCredentials = null;
    this.setState({ status: 'signed-out' });
    try {
      await clearStoredToken(this.deps.storage);
    } catch {
      // Nothing more to do: the in-memory session is gone either way.
    }
  }

  private async applyOutcome(outcome: LoginOutcome): Promise<LoginOutcome> {
    if (outcome.kind === 'signed-in') {
      try {
        await storeToken(this.deps.storage, outcome.sessionToken);
      } catch {
        const failed: LoginOutcome = { kind: 'error', message: 'Could not save the session on this device' };
        this.notify({ title: 'Sign in failed', message: failed.message, variant: 'destructive' });
        return failed;
      }
      this.generation += 1;
      this.pendingCredentials = null;
      this.setState({ status: 'signed-in', user: outcome.user, sessionToken: outcome.sessionToken });
      this.notify({ title: 'Welcome back', message: outcome.user.email, variant: 'default' });
    } else if (outcome.kind === 'mfa-required') {
      this.setState({ status: 'mfa-required', userId: outcome.userId });
    } else {
      this.pendingCredentials = null;
      if (this.state.status !== 'signed-in') this.setState({ status: 'signed-out' });
      this.notify({ title: 'Sign in failed', message: outcome.message, variant: 'destructive' });
    }
    return outcome;
  }

  async signIn(email: string, password: string, mfaCode: string | null = null): Promise<LoginOutcome> {
    const trimmedEmail = email.trim();
    if (!trimmedEmail || !password) return { kind: 'error', message: 'Email and password are required' };
    const info = (this.deps.clientInfo ?? defaultClientInfo)();
    let outcome: LoginOutcome;
    try {
      const response = await login(this.deps.api, {
        email: trimmedEmail,
        password,
        mfaCode,
        ipAddress: info.ipAddress,
        userAgent: info.userAgent,
      });
      outcome = loginOutcome(response);
    } catch (error) {
      outcome = { kind: 'error', message: errorMessage(error, AUTHENTICATION_FAILED) };
    }
    if (outcome.kind === 'mfa-required') this.pendingCredentials = { email: trimmedEmail, password };
    return this.applyOutcome(outcome);
  }

  /** Verifies the code for the pending MFA challenge, then completes the sign-in. */
  async verifyMfa(code: string): Promise<LoginOutcome> {
    if (this.state.status !== 'mfa-required') {
      return { kind: 'error', message: 'No sign-in is waiting for an MFA code' };
    }
    const userId = this.state.userId;
    const trimmed = code.trim();
    let verification;
    try {
      verification = await verifyMfa(this.deps.api, { userId, code: trimmed });
    } catch (error) {
      const message = errorMessage(error, 'Could not verify the code. Please try again.');
      this.notify({ title: 'MFA verification failed', message, variant: 'destructive' });
      return { kind: 'error', message };
    }
    if (!verification.valid) {
      const message = 'Please check your authenticator app and try again';
      this.notify({ title: 'Invalid MFA code', message, variant: 'destructive' });
      return { kind: 'error', message };
    }
    if (verification.sessionToken && verification.user) {
      return this.applyOutcome(
        isSuperAdmin(verification.user)
          ? { kind: 'signed-in', user: verification.user, sessionToken: verification.sessionToken }
          : { kind: 'error', message: AUTHENTICATION_FAILED },
      );
    }
    // The code is valid but no session came back: finish with a login that carries the code.
    const credentials = this.pendingCredentials;
    if (!credentials) return this.applyOutcome({ kind: 'error', message: AUTHENTICATION_FAILED });
    return this.signIn(credentials.email, credentials.password, trimmed);
  }

  /** Abandons a pending MFA challenge (e.g. "Back to sign in"). */
  cancelMfa(): void {
    this.pendingCredentials = null;
    if (this.state.status === 'mfa-required') this.setState({ status: 'signed-out' });
  }

  async signOut(): Promise<void> {
    const token = this.state.status === 'signed-in' ? this.state.sessionToken : null;
    await this.dropSession();
    if (token) {
      try {
        await logout(this.deps.api, token);
      } catch {
        // The token is already forgotten locally; the server will expire it.
      }
    }
    this.notify({ title: 'Signed out', variant: 'default' });
  }

  /** Enables MFA for the signed-in super admin with a secret and the app's current code. */
  async setupMfa(secret: string, code: string): Promise<boolean> {
    if (this.state.status !== 'signed-in') {
      this.notify({ title: 'MFA setup failed', message: 'Please sign in again', variant: 'destructive' });
      return false;
    }
    const { user, sessionToken } = this.state;
    try {
      await setupMfa(this.deps.api, sessionToken, { userId: user.id, secret, token: code.trim() });
    } catch (error) {
      this.notify({
        title: 'MFA setup failed',
        message: errorMessage(error, 'Check the code in your authenticator app and try again'),
        variant: 'destructive',
      });
      return false;
    }
    if (this.state.status === 'signed-in' && this.state.sessionToken === sessionToken) {
      this.setState({ ...this.state, user: { ...this.state.user, mfaEnabled: true } });
    }
    this.notify({ title: 'MFA enabled', message: 'Your next sign-in will ask for a code', variant: 'default' });
    return true;
  }

  /** Re-checks the session every 60 minutes; returns the function that stops it. */
  startRechecks(scheduler: IntervalScheduler = defaultScheduler): () => void {
    const handle = scheduler.setInterval(() => void this.recheck(), SESSION_RECHECK_INTERVAL_MS);
    return () => scheduler.clearInterval(handle);
  }
}
