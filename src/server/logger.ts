import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config';

export type { Logger };

/**
 * Keys whose values must never reach a log line, wherever they sit in a logged object. pino's
 * redact paths are case sensitive and match whole keys, so the usual spellings are listed.
 */
const SECRET_KEYS = [
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'Set-Cookie',
  'password',
  'newPassword',
  'new_password',
  'currentPassword',
  'current_password',
  'passwd',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'idToken',
  'id_token',
  'apikey',
  'apiKey',
  'api_key',
  'x-api-key',
  'secret',
  'clientSecret',
  'client_secret',
  'webhookSecret',
  'jwtSecret',
  'totpSecret',
  'totp_secret',
];

/** How deep below the logged object a secret key is still found (pino needs one path per depth). */
export const REDACT_DEPTH = 4;

/** `key`, `*.key`, `*.*.key`, … down to REDACT_DEPTH levels; hyphenated keys in bracket form. */
export function redactPaths(keys: readonly string[] = SECRET_KEYS, depth = REDACT_DEPTH): string[] {
  const paths: string[] = [];
  for (const key of keys) {
    const plain = /^[A-Za-z_$][\w$]*$/.test(key);
    for (let d = 0; d <= depth; d++) {
      const wildcards = Array.from({ length: d }, () => '*');
      paths.push(plain ? [...wildcards, key].join('.') : `${wildcards.join('.')}["${key}"]`);
    }
  }
  return paths;
}

const paths = redactPaths();

/**
 * Structured JSON logs (pino), one line per event: info and below on stdout, errors on stderr.
 * `destination` replaces both (tests read the lines from it).
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const stream =
    destination ??
    pino.multistream(
      [
        { level: 'trace', stream: process.stdout },
        { level: 'error', stream: process.stderr },
      ],
      // Each line goes only to the stream with the highest level it reaches.
      { dedupe: true },
    );
  return pino(
    {
      level,
      redact: { paths, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Level names, not numbers: the lines are read by people and by log shippers alike.
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
}

export type LogEntry = { level: Exclude<LogLevel, 'silent'>; message: string; fields: Record<string, unknown> };

/**
 * A logger that hands each entry to `receive` instead of writing it: the validation thread sends
 * its entries to the collector's thread (which writes them with its own level and redaction), and
 * tests read them. Nothing is redacted here.
 */
export function createForwardingLogger(receive: (entry: LogEntry) => void, level: LogLevel = 'debug'): Logger {
  return pino(
    { level, base: null, timestamp: false, formatters: { level: (label) => ({ level: label }) } },
    {
      write(line: string) {
        const { level: lvl, msg, ...fields } = JSON.parse(line) as { level: LogEntry['level']; msg?: string } & Record<string, unknown>;
        receive({ level: lvl, message: msg ?? '', fields });
      },
    },
  );
}
