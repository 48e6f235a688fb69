import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * keytar against a real Secret Service: a private D-Bus session with gnome-keyring unlocked in
 * a throwaway HOME, so the developer's own keyring is never touched. CI installs the packages;
 * a machine without them fails here with the command to fix it rather than silently skipping.
 */
const REQUIRED_BINARIES = [
  { binary: 'dbus-run-session', packages: 'dbus-daemon (pulled in by dbus-x11)' },
  { binary: 'gnome-keyring-daemon', packages: 'gnome-keyring' },
];
const INSTALL_HINT = 'sudo apt-get install -y gnome-keyring dbus-x11 libsecret-1-dev';

function missingBinaries(): string[] {
  return REQUIRED_BINARIES.filter(({ binary }) => spawnSync('sh', ['-c', `command -v ${binary}`]).status !== 0).map(
    ({ binary, packages }) => `${binary} (Debian package ${packages})`,
  );
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const probe = fileURLToPath(new URL('./support/keychain-probe.ts', import.meta.url));
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
const sandbox = mkdtempSync(path.join(tmpdir(), 'tracklint-keyring-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

interface ProbeResult {
  shortRead: string | null;
  accountsWithShort: string[];
  longRead: string | null;
  accountsWithLong: string[];
  afterRemove: string | null;
  accountsAfterRemove: string[];
  rereadByNewStore: string | null;
}

function runProbe(env: Record<string, string>): ProbeResult {
  const home = path.join(sandbox, 'home');
  const runtime = path.join(sandbox, 'runtime');
  execFileSync('mkdir', ['-p', home, runtime]);
  chmodSync(runtime, 0o700);
  const script = `echo -n pass | gnome-keyring-daemon --unlock --components=secrets >/dev/null; "${tsx}" "${probe}"`;
  const output = execFileSync('dbus-run-session', ['--', 'sh', '-c', script], {
    cwd: repoRoot,
    env: { ...process.env, ...env, HOME: home, XDG_DATA_HOME: path.join(home, '.local/share'), XDG_RUNTIME_DIR: runtime },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  const line = output.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as ProbeResult;
}

describe('token store on a real Secret Service (gnome-keyring via D-Bus)', () => {
  it('has the system packages it needs', () => {
    const missing = missingBinaries();
    if (missing.length > 0) {
      throw new Error(`The real keychain test needs ${missing.join(' and ')}. Install them with: ${INSTALL_HINT}`);
    }
  });

  it('sets, gets and removes sessions through keytar, chunking long ones', { timeout: 90_000 }, () => {
    const missing = missingBinaries();
    if (missing.length > 0) throw new Error(`Missing ${missing.join(', ')}. Install with: ${INSTALL_HINT}`);
    const key = 'sb-keychain-probe-auth-token';
    const shortToken = JSON.stringify({ access_token: randomBytes(48).toString('base64url'), refresh_token: 'r1' });
    const longToken = JSON.stringify({ access_token: randomBytes(3000).toString('base64url'), user: { name: 'Zoë 🚀' } });

    const result = runProbe({ PROBE_KEY: key, PROBE_SHORT_TOKEN: shortToken, PROBE_LONG_TOKEN: longToken });

    expect(result.shortRead).toBe(shortToken);
    expect(result.accountsWithShort).toEqual([key]);
    expect(result.longRead).toBe(longToken);
    expect(result.accountsWithLong.length).toBeGreaterThan(2);
    expect(result.accountsWithLong).toContain(key);
    expect(result.afterRemove).toBeNull();
    expect(result.accountsAfterRemove).toEqual([]);
    expect(result.rereadByNewStore).toBe(shortToken);
  });
});
