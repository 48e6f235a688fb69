/**
 * What other features use from the auth service. Routes mount through createAuthRoutes (app.ts).
 */
export { authenticateRequest } from './authenticate';
