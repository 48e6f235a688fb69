/**
 * What other features use from the auth service. Routes mount through createAuthRoutes (app.ts).
 */
export { authenticateRequest, checkBearer, bearerToken, type BearerCheck } from './authenticate';
export type { AccessTokenClaims } from './jwt';
export {
  authEmails,
  sendInvitationEmail,
  invitationEmail,
  confirmationEmail,
  recoveryEmail,
  magicLinkEmail,
  type AuthEmails,
  type EmailContent,
} from './emails';
export { hashPassword, verifyPassword } from './password';
export { AuthApiError } from './errors';
