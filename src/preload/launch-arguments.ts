/**
 * Values the main process knows at window creation and the preload needs synchronously (the
 * bridge's `version` and `serverUrl` are plain properties). A sandboxed preload cannot read files
 * or env, so they travel as `webPreferences.additionalArguments`, which Electron appends to the
 * renderer's process.argv.
 */
export interface LaunchArguments {
  version: string;
  serverUrl: string;
}

const VERSION_FLAG = '--tracklint-version=';
const SERVER_URL_FLAG = '--tracklint-server-url=';

export function encodeLaunchArguments(args: LaunchArguments): string[] {
  return [`${VERSION_FLAG}${args.version}`, `${SERVER_URL_FLAG}${args.serverUrl}`];
}

export function decodeLaunchArguments(argv: readonly string[]): LaunchArguments {
  const valueOf = (flag: string) => argv.find((arg) => arg.startsWith(flag))?.slice(flag.length);
  const version = valueOf(VERSION_FLAG);
  const serverUrl = valueOf(SERVER_URL_FLAG);
  if (!version || !serverUrl) {
    throw new Error('Tracklint preload: the main process did not pass --tracklint-version and --tracklint-server-url.');
  }
  return { version, serverUrl };
}
