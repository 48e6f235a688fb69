export const DASHBOARD_PATH = '/app/dashboard';
export const LOGIN_PATH = '/login';
/** Logout navigates here (spec); it redirects to LOGIN_PATH. */
export const LOGOUT_LANDING_PATH = '/auth/login';
