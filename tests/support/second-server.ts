import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createLogger, type Logger } from '../../src/server/logger';
import { startServer, type RunningServer } from '../../src/server/server';

export interface SecondServer {
  server: RunningServer;
  stop(): Promise<void>;
}

/**
 * Another server process on the suite's database, as a second deployment would run: the same JWT
 * secret and public URL (so the suite's personas' tokens are valid there), its own data directory,
 * no web app, and `env` on top (the setting under test; a `DATABASE_URL` there points it at a
 * database of the test's own). `options` go to startServer as they are. `stop` ends it and removes
 * its directory; it may be called again after the server was stopped.
 */
export async function startSecondServer(
  label: string,
  env: Record<string, string>,
  logger: Logger = createLogger('silent'),
  options?: Parameters<typeof startServer>[2],
): Promise<SecondServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tracklint-${label}-`));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: inject('databaseUrl'),
    JWT_SECRET: inject('jwtSecret'),
    PUBLIC_URL: inject('serverUrl'),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  let server: RunningServer;
  try {
    server = await startServer(config, logger, options);
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    server,
    async stop() {
      try {
        await server.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
