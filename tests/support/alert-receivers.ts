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
// and a server process on the shared database that evaluates with an injected clock and sends.

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read the text part. */
function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

export interface AlertReceivers {
  mails: ReceivedMail[];
  requests: ReceivedRequest[];
  /** Base URL of the HTTP receiver (any path answers 200). */
  url: string;
  server: RunningServer;
  stop(): Promise<void>;
}

/** Starts both receivers and an alerts server whose SMTP points at the receiver; `clock` is what the evaluator reads. */
export async function startAlertReceivers(clock: () => Date, alerts: AlertsOptions = {}): Promise<AlertReceivers> {
  const mails: ReceivedMail[] = [];
  const requests: ReceivedRequest[] = [];
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
      requests.push({ path: req.url ?? '/', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-alerts-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: inject('databaseUrl'),
    JWT_SECRET: inject('jwtSecret'),
    PUBLIC_URL: inject('serverUrl'),
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ALERTS_SCHEDULER: 'false',
  });
  const server = await startServer(config, createLogger(config.logLevel), {
    alerts: { clock, schedule: false, workers: true, retryLimit: 2, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, ...alerts },
  });
  return {
    mails,
    requests,
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    server,
    async stop() {
      await server.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
