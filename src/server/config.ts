import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { AuthRateLimitSettings } from './auth/rate-limits';

/** Every setting the server reads from the environment, validated in one place. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url('must be an absolute URL such as https://tracklint.example.com').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Tracklint <no-reply@tracklint.local>'),
  WEB_DIST_DIR: z.string().min(1).default('dist/web'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  NODE_ENV: z.string().optional(),
  // Only behind a proxy we run may X-Forwarded-For / X-Forwarded-Proto be believed.
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  // Billing with Stripe (src/server/billing): off when no secret key is set (self-hosted).
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // The monthly Price of each plan; otherwise subscription_plan_limits.stripe_price_id.
  STRIPE_PRICE_STARTER: z.string().min(1).optional(),
  STRIPE_PRICE_PRO: z.string().min(1).optional(),
  STRIPE_PRICE_ENTERPRISE: z.string().min(1).optional(),
  // Another Stripe API endpoint (stripe-mock, or the tests' local stand-in); Stripe's own by default.
  STRIPE_API_BASE: z.string().url('must be an absolute URL such as http://127.0.0.1:12111').optional(),
  // Off only where another process evaluates alerts and sends notifications (e.g. a test harness).
  ALERTS_SCHEDULER: z.enum(['true', 'false', '1', '0']).default('true'),
  COLLECTOR_VALIDATION_THREAD: z.enum(['true', 'false', '1', '0']).default('false'),
  // How often each collector process writes the traffic inventory's counters (ms); 0: after every batch (tests).
  COLLECTOR_INVENTORY_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Development and tests only: domain verification fetches the file and page over http on this port. */
  DOMAIN_VERIFICATION_HTTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Development and tests only: domain verification asks this DNS server (`host:port`) for TXT records. */
  DOMAIN_VERIFICATION_DNS_SERVER: z.string().regex(/^\d{1,3}(\.\d{1,3}){3}:\d{1,5}$/, 'must be an IPv4 address and port, such as 127.0.0.1:5353').optional(),
  // Auth rate limits (see src/server/auth/rate-limits.ts); defaults are GoTrue's or stricter.
  AUTH_RATE_LIMIT_TOKEN_PER_IP: z.coerce.number().int().min(1).default(150),
  AUTH_RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_VERIFY_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_EMAIL_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_EMAIL_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
  AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  AUTH_RATE_LIMIT_SUPER_ADMIN_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_SUPER_ADMIN_PER_EMAIL: z.coerce.number().int().min(1).default(20),
  // A password change without current_password needs a session at most this old.
  AUTH_REAUTH_WINDOW_SECONDS: z.coerce.number().int().min(0).default(86400),
  // Public API v1: requests per key (or member) per minute, counted in Postgres across processes.
  API_V1_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
});

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Price ids set in the environment, by plan; the database's stripe_price_id fills the rest. */
  prices: Partial<Record<'starter' | 'pro' | 'enterprise', string>>;
  apiBase: URL | undefined;
}

export type LogLevel = z.infer<typeof envSchema>['LOG_LEVEL'];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  /** Public base URL used in links inside emails; defaults to http://localhost:PORT. */
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  webDistDir: string;
  logLevel: LogLevel;
  embeddedPgPort: number;
  /** Production unless NODE_ENV says otherwise and the public URL is a loopback one. */
  production: boolean;
  /** Believe X-Forwarded-For and X-Forwarded-Proto (set only behind a trusted reverse proxy). */
  trustProxy: boolean;
  /** A Stripe key is configured (otherwise administrators set plans). */
  billingEnabled: boolean;
  /** Stripe settings when billing is on. */
  stripe?: StripeSettings;
  /** Evaluate alerts every minute and send notifications in this process (pg-boss jobs). */
  alertsScheduler: boolean;
  /** Development and tests only (ignored in production): domain verification over http on this port. */
  domainVerificationHttpPort?: number;
  /** Development and tests only (ignored in production): the DNS server asked for TXT records, `host:port`. */
  domainVerificationDnsServer?: string;
  /** Decode and validate collected hits in a thread beside the event loop (default false: see bench/README.md, session 7). */
  collectorValidationThread?: boolean;
  /** How often each collector process writes the traffic inventory's counters, in ms (0: after every batch). */
  collectorInventoryFlushMs?: number;
  /** Auth rate limits; see src/server/auth/rate-limits.ts for windows. */
  authRateLimits?: AuthRateLimitSettings;
  /** Seconds after sign-in during which the password may be changed without the current one. */
  authReauthWindowSeconds?: number;
  /** /api/v1 requests per key (or member) per minute (default 600). */
  apiV1RateLimitPerMinute?: number;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A deployment is production when it says so, or when it is reachable under a non-loopback URL. */
function stripeSettings(e: z.infer<typeof envSchema>): StripeSettings | undefined {
  if (!e.STRIPE_SECRET_KEY) return undefined;
  // Without the signing secret no webhook can be trusted, so billing would never update a plan.
  if (!e.STRIPE_WEBHOOK_SECRET) throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  const prices: StripeSettings['prices'] = {};
  if (e.STRIPE_PRICE_STARTER) prices.starter = e.STRIPE_PRICE_STARTER;
  if (e.STRIPE_PRICE_PRO) prices.pro = e.STRIPE_PRICE_PRO;
  if (e.STRIPE_PRICE_ENTERPRISE) prices.enterprise = e.STRIPE_PRICE_ENTERPRISE;
  return { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, prices, apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined };
}

function isProduction(nodeEnv: string | undefined, publicUrl: string | undefined): boolean {
  if (nodeEnv === 'production') return true;
  if (!publicUrl) return false;
  const host = new URL(publicUrl).hostname;
  return !LOOPBACK_HOSTS.has(host) && !host.startsWith('127.');
}

export class ConfigError extends Error {}

/** Reads the JWT secret from the environment, or keeps a generated one in the data directory so sessions survive restarts. */
function resolveJwtSecret(fromEnv: string | undefined, dataDir: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const production = isProduction(e.NODE_ENV, e.PUBLIC_URL);
  const stripe = stripeSettings(e);
  // Without SMTP the mail would go to the development mailbox, where anyone could read a reset link.
  if (production && !e.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: required in production (NODE_ENV=production or a non-localhost PUBLIC_URL); emails such as password resets must be sent, not kept in the development mailbox',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: resolveJwtSecret(e.JWT_SECRET, dataDir),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    logLevel: e.LOG_LEVEL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    production,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    billingEnabled: stripe !== undefined,
    stripe,
    alertsScheduler: e.ALERTS_SCHEDULER === 'true' || e.ALERTS_SCHEDULER === '1',
    collectorValidationThread: e.COLLECTOR_VALIDATION_THREAD === 'true' || e.COLLECTOR_VALIDATION_THREAD === '1',
    collectorInventoryFlushMs: e.COLLECTOR_INVENTORY_FLUSH_MS,
    domainVerificationHttpPort: production ? undefined : e.DOMAIN_VERIFICATION_HTTP_PORT,
    domainVerificationDnsServer: production ? undefined : e.DOMAIN_VERIFICATION_DNS_SERVER,
    authRateLimits: {
      tokenPerIp: e.AUTH_RATE_LIMIT_TOKEN_PER_IP,
      signInFailuresPerEmail: e.AUTH_RATE_LIMIT_SIGNIN_FAILURES_PER_EMAIL,
      verifyPerIp: e.AUTH_RATE_LIMIT_VERIFY_PER_IP,
      emailPerIp: e.AUTH_RATE_LIMIT_EMAIL_PER_IP,
      emailIntervalSeconds: e.AUTH_RATE_LIMIT_EMAIL_INTERVAL_SECONDS,
      emailPerAddressPerHour: e.AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS,
      superAdminPerIp: e.AUTH_RATE_LIMIT_SUPER_ADMIN_PER_IP,
      superAdminPerEmail: e.AUTH_RATE_LIMIT_SUPER_ADMIN_PER_EMAIL,
    },
    authReauthWindowSeconds: e.AUTH_REAUTH_WINDOW_SECONDS,
    apiV1RateLimitPerMinute: e.API_V1_RATE_LIMIT_PER_MINUTE,
  };
}
