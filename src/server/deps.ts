import type { Config } from './config';
import type { Database } from './db/database';
import type { JwtService } from './auth/jwt';
import type { Mailer } from './mail/mailer';
import type { Logger } from './logger';
import type { EventLoopMonitor } from './http/event-loop';

/** What every feature folder's routes receive. Built once in server.ts; tests build their own. */
export interface AppDeps {
  config: Config;
  db: Database;
  jwt: JwtService;
  mailer: Mailer;
  log: Logger;
  /** Base URL that links in emails point to, e.g. http://localhost:8787. */
  publicUrl: string;
  /** The process's event-loop delay, read by operators at /health/event-loop (absent in some unit tests). */
  eventLoop?: EventLoopMonitor;
}
