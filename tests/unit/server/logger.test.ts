import { describe, expect, it } from 'vitest';
import { createForwardingLogger, createLogger, REDACT_DEPTH, redactPaths, type LogEntry } from '../../../src/server/logger';

/** createLogger writing its JSON lines into an array instead of stdout/stderr. */
function capture(level: Parameters<typeof createLogger>[0] = 'debug') {
  const lines: string[] = [];
  const log = createLogger(level, { write: (line: string) => void lines.push(line) });
  return { log, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('server logger (pino)', () => {
  it('writes one JSON line per event with an ISO time, the level by name and the message', () => {
    const { log, parsed } = capture();
    log.info({ port: 5432 }, 'embedded PostgreSQL ready');
    const [line] = parsed();
    expect(line).toMatchObject({ level: 'info', msg: 'embedded PostgreSQL ready', port: 5432 });
    expect(new Date(String(line!.time)).toISOString()).toBe(line!.time);
  });

  it('drops events below its level and writes nothing when silent', () => {
    const info = capture('info');
    info.log.debug('not this');
    info.log.warn('this');
    expect(info.parsed().map((l) => l.msg)).toEqual(['this']);
    const silent = capture('silent');
    silent.log.error('nor this');
    expect(silent.lines).toEqual([]);
  });

  it('redacts a secret nested two levels deep, and keeps the fields beside it', () => {
    const { log, lines, parsed } = capture();
    log.warn({ request: { headers: { authorization: 'Bearer two-levels-down-SECRET', accept: 'application/json' } } }, 'upstream refused');
    expect(lines.join('\n')).not.toContain('two-levels-down-SECRET');
    expect(parsed()[0]).toMatchObject({ request: { headers: { authorization: '[redacted]', accept: 'application/json' } } });
  });

  it('redacts every kind of secret key at the top and at the deepest level it covers', () => {
    const { log, lines } = capture();
    const secrets = {
      password: 'pw-SECRET-1',
      access_token: 'at-SECRET-2',
      refreshToken: 'rt-SECRET-3',
      apikey: 'ak-SECRET-4',
      'x-api-key': 'xk-SECRET-5',
      cookie: 'ck-SECRET-6',
      client_secret: 'cs-SECRET-7',
    };
    // REDACT_DEPTH objects above the secrets (`deep` and the levels in it): the deepest the paths reach.
    let deep: Record<string, unknown> = { ...secrets };
    for (let i = 1; i < REDACT_DEPTH; i++) deep = { [`level${i}`]: deep };
    log.info({ ...secrets, deep }, 'secrets everywhere');
    const out = lines.join('\n');
    expect(out).not.toMatch(/SECRET/);
    expect(out.match(/\[redacted\]/g)).toHaveLength(14);
  });

  it('does not reach below REDACT_DEPTH (the limit of what its paths express)', () => {
    const { log, lines } = capture();
    let tooDeep: Record<string, unknown> = { password: 'below-the-paths' };
    for (let i = 0; i < REDACT_DEPTH; i++) tooDeep = { [`level${i}`]: tooDeep };
    log.info({ tooDeep }, 'documented limit');
    expect(lines.join('')).toContain('below-the-paths');
  });

  it('keeps the request id a child logger is bound to on every line', () => {
    const { log, parsed } = capture();
    log.child({ requestId: 'req-1' }).error({ password: 'hunter2' }, 'failed');
    expect(parsed()[0]).toMatchObject({ requestId: 'req-1', password: '[redacted]', msg: 'failed', level: 'error' });
  });

  it('writes one redact path per depth, with hyphenated keys in brackets', () => {
    expect(redactPaths(['token', 'x-api-key'], 2)).toEqual(['token', '*.token', '*.*.token', '["x-api-key"]', '*["x-api-key"]', '*.*["x-api-key"]']);
  });

  it('forwards entries (level, message, fields) without writing them', () => {
    const entries: LogEntry[] = [];
    const log = createForwardingLogger((e) => entries.push(e), 'info');
    log.debug('dropped');
    log.warn({ code: 1 }, 'the validation thread exited');
    expect(entries).toEqual([{ level: 'warn', message: 'the validation thread exited', fields: { code: 1 } }]);
  });
});
