/**
 * The user's stored preferences: `settings.json` in Electron's userData folder
 * (e.g. ~/.config/Tracklint on Linux, %APPDATA%\Tracklint on Windows,
 * ~/Library/Application Support/Tracklint on macOS). Only `serverUrl` exists today.
 */
export interface DesktopSettings {
  serverUrl?: string;
}

export const SETTINGS_FILE_NAME = 'settings.json';

export function parseDesktopSettings(text: string, filePath: string): DesktopSettings {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(`${filePath} is not valid JSON. Fix or delete it to use the defaults.`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error(`${filePath} must hold a JSON object such as {"serverUrl": "https://tracklint.example.com"}.`);
  }
  const { serverUrl } = data as Record<string, unknown>;
  if (serverUrl !== undefined && typeof serverUrl !== 'string') {
    throw new Error(`${filePath}: "serverUrl" must be a string.`);
  }
  return serverUrl === undefined ? {} : { serverUrl };
}

/** A missing file means defaults; any other read failure is reported, not ignored. */
export function readDesktopSettings(filePath: string, readText: (path: string) => string): DesktopSettings {
  let text: string;
  try {
    text = readText(filePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  return parseDesktopSettings(text, filePath);
}
