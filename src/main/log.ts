/**
 * Main-process log. Fields are for names, channels and error messages only: token values never
 * go through it (the auth-storage handlers log keys and outcomes, not what is stored).
 */
export interface DesktopLog {
  info(message: string, fields?: Record<string, string | number | boolean>): void;
  warn(message: string, fields?: Record<string, string | number | boolean>): void;
  error(message: string, fields?: Record<string, string | number | boolean>): void;
}

export function createConsoleLog(): DesktopLog {
  const write = (level: string, message: string, fields?: Record<string, string | number | boolean>) =>
    console.log(JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields }));
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
