/** What the app core uses from the super-admin area. */
export { superAdminRoutes } from './routes';
export { SuperAdminConfigProvider, showMantineNotice, type SuperAdminConfig } from './session/SuperAdminConfig';
export type { SuperAdminNotice, ClientInfo } from './session/session-controller';
export type { TokenStorage } from './session/session-logic';
export { SUPER_ADMIN_SESSION_TOKEN_KEY, SESSION_RECHECK_INTERVAL_MS } from './session/session-logic';
