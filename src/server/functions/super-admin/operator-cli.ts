import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ConfigError, loadConfig, type Config } from '../../config';
import { createDatabase, type Database } from '../../db/database';
import { embeddedConnectionString, startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded';
import { runMigrations } from '../../db/migrate';
import { createLogger } from '../../logger';
import { migrationsDir } from '../../db/migrations-dir';
import { OperatorError, grantSuperAdmin, revokeSuperAdmin } from './operator';

/**
 * `node scripts/create-super-admin.mjs EMAIL [PASSWORD] [--reset-mfa | --revoke]`
 *
 * Reaches the same database the server uses, found the way the server finds it:
 *  1. DATABASE_URL when set;
 *  2. else the embedded cluster in DATA_DIR/postgres, while the server has it running (its port is
 *     in postmaster.pid);
 *  3. else that cluster started just for this command (the server must not start meanwhile).
 * Migrations run first (they are idempotent), so this works on a fresh DATA_DIR too.
 */

const USAGE = `Usage: node scripts/create-super-admin.mjs EMAIL [PASSWORD] [--reset-mfa | --revoke]

  Creates the account EMAIL as a super admin, or promotes an existing account.
  PASSWORD is required for a new account; for an existing one it replaces the password.
  Instead of an argument (which shell history keeps) the password may come from the
  SUPER_ADMIN_PASSWORD environment variable, a hidden prompt, or the first line of stdin.

  --reset-mfa  turn MFA off for the super admin (lost authenticator, rotated JWT secret)
               and end their super-admin sessions
  --revoke     take super-admin rights away (the account itself stays)

  The database is the server's: DATABASE_URL if set, else the embedded one in DATA_DIR
  (default .data), whether or not the server is running.`;


interface Args {
  email: string;
  password: string | null;
  resetMfa: boolean;
  revoke: boolean;
}

function parseArgs(argv: string[]): Args | null {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const positional = argv.filter((a) => !a.startsWith('--'));
  const unknown = [...flags].filter((f) => f !== '--reset-mfa' && f !== '--revoke');
  if (flags.has('--help') || unknown.length > 0 || positional.length < 1 || positional.length > 2) return null;
  if (flags.has('--reset-mfa') && flags.has('--revoke')) return null;
  return { email: positional[0]!, password: positional[1] ?? null, resetMfa: flags.has('--reset-mfa'), revoke: flags.has('--revoke') };
}

/** The port of the embedded cluster when its postmaster is alive, else null. */
function runningEmbeddedPort(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive but owned by another user (the `postgres` user when the server runs as root).
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return port;
}

async function connect(config: Config): Promise<{ db: Database; embedded?: EmbeddedDatabase; where: string }> {
  if (config.databaseUrl) return { db: createDatabase(config.databaseUrl, 2), where: 'DATABASE_URL' };
  const port = runningEmbeddedPort(config.dataDir);
  if (port) {
    return { db: createDatabase(embeddedConnectionString(config.dataDir, port), 2), where: `the running server's database in ${config.dataDir}` };
  }
  const embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, createLogger('warn'));
  return { db: createDatabase(embedded.connectionString, 2), embedded, where: `the database in ${config.dataDir}` };
}

function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Echo nothing of what is typed, only the question.
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    process.stdout.write(question);
    output._writeToOutput = () => {};
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function readFirstLine(): Promise<string> {
  const rl = createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

async function passwordFor(args: Args): Promise<string | null> {
  if (args.password) return args.password;
  if (process.env.SUPER_ADMIN_PASSWORD) return process.env.SUPER_ADMIN_PASSWORD;
  if (args.revoke || args.resetMfa) return null;
  if (process.stdin.isTTY) {
    const password = await promptHidden(`Password for ${args.email} (leave empty to keep an existing account's password): `);
    return password || null;
  }
  return (await readFirstLine()) || null;
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (!args) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const password = await passwordFor(args);
  const { db, embedded, where } = await connect(config);
  try {
    await runMigrations(db, migrationsDir(), createLogger('warn'));
    if (args.revoke) {
      const result = await revokeSuperAdmin(db, args.email);
      process.stdout.write(result.revoked ? `${result.email} is no longer a super admin.\n` : `${result.email} was not a super admin; nothing changed.\n`);
      return 0;
    }
    const result = await grantSuperAdmin(db, { email: args.email, password, resetMfa: args.resetMfa });
    const notes = [
      result.createdAccount ? 'created the account' : result.promoted ? 'promoted the existing account' : 'already a super admin',
      result.passwordChanged ? 'password replaced' : null,
      result.mfaReset ? 'MFA turned off and super-admin sessions ended' : null,
    ].filter(Boolean);
    process.stdout.write(`${result.email} (${result.userId}) is a super admin: ${notes.join('; ')}.\nUsing ${where}. Sign in at /super-admin/login.\n`);
    return 0;
  } catch (err) {
    if (err instanceof OperatorError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
    await embedded?.stop();
  }
}
