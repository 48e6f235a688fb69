import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { inject } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createLogger } from '../../src/server/logger';
import { startServer, type RunningServer } from '../../src/server/server';
import type { AlertsOptions } from '../../src/server/alerts/service';

// Receivers alert notifications really go to (an SMTP server and an HTTP server on 127.0.0.1),
// and server processes on the shared database that evaluate with an injected clock and send.

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  answered: number;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read the text part. */
function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export interface AlertReceivers {
  mails: ReceivedMail[];
  requests: ReceivedRequest[];
  /** Status codes the HTTP receiver answers per path, in order; the last one repeats (200 when unset). */
  answers: Map<string, number[]>;
  /** Base URL of the HTTP receiver, once listening. */
  url: string;
  smtpPort: number;
  listen(): Promise<void>;
  close(): Promise<void>;
}

/** Both receivers, not yet listening (call listen() in beforeAll). */
export function createAlertReceivers(): AlertReceivers {
  const mails: ReceivedMail[] = [];
  const requests: ReceivedRequest[] = [];
  const answers = new Map<string, number[]>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const p = req.url ?? '/';
      const queue = answers.get(p) ?? [200];
      const status = queue.length > 1 ? queue.shift()! : queue[0]!;
      requests.push({ path: p, headers: req.headers, body, answered: status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'nope');
    });
  });
  const receivers: AlertReceivers = {
    mails,
    requests,
    answers,
    url: '',
    smtpPort: 0,
    async listen() {
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      receivers.smtpPort = (smtp.server.address() as AddressInfo).port;
      receivers.url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  };
  return receivers;
}

const dataDirs: string[] = [];

/**
 * A server process on the shared database with SMTP pointed at the receivers' SMTP server. The
 * shared test server runs no alert jobs (ALERTS_SCHEDULER=false), so this one takes every send
 * job; `clock` is what its evaluator reads.
 */
export async function startAlertsServer(smtpPort: number, clock: () => Date, alerts: AlertsOptions = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-alerts-'));
  dataDirs.push(dataDir);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: inject('databaseUrl'),
    JWT_SECRET: inject('jwtSecret'),
    // Several processes behind one public URL, as in production: tokens issued by the shared server are valid here too.
    PUBLIC_URL: inject('serverUrl'),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ALERTS_SCHEDULER: 'false',
  });
  return startServer(config, createLogger(config.logLevel), {
    alerts: { clock, schedule: false, workers: true, retryLimit: 2, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, ...alerts },
  });
}

/** Removes the data directories of the servers startAlertsServer started (after stopping them). */
export function removeAlertsServerDirs(): void {
  for (const d of dataDirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Polls (no fixed sleep decides anything) until `find` returns something: sends are jobs that finish after the evaluation. */
export async function waitFor<T>(what: string, find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
