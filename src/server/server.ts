import { serve, type ServerType } from '@hono/node-server';
import type { Config } from './config';
import { createLogger, type Logger } from './logger';
import { createDatabase } from './db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';
import { migrationsDir } from './db/migrations-dir';
import { createJwtService } from './auth/jwt';
import { createMailer } from './mail/mailer';
import { createApp } from './app';
import type { AppDeps } from './deps';
import { createCollector, type CollectorOptions } from './collector/collector';
import { EventLoopMonitor } from './http/event-loop';
import { sendTrialReminders } from './billing/notices';
import { createAlertsService, type AlertsOptions, type AlertsService } from './alerts/service';

export interface RunningServer {
  url: string;
  deps: AppDeps;
  /** Alert evaluation and notifications; absent when ALERTS_SCHEDULER is off and no options turn it on. */
  alerts?: AlertsService;
  stop(): Promise<void>;
}

/** Starts Postgres (embedded unless DATABASE_URL is set), migrates, and serves HTTP. */
export async function startServer(
  config: Config,
  log: Logger = createLogger(config.logLevel),
  options: { collector?: CollectorOptions; alerts?: AlertsOptions } = {},
): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | undefined;
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, log);
    connectionString = embedded.connectionString;
  }
  const db = createDatabase(connectionString);
  try {
    await runMigrations(db, migrationsDir(), log);
  } catch (err) {
    await db.close();
    await embedded?.stop();
    throw err;
  }
  const jwt = await createJwtService(config.jwtSecret);
  const mailer = createMailer(config.smtpUrl, config.mailFrom, config.production);

  let server: ServerType | undefined;
  const eventLoop = new EventLoopMonitor();
  const deps: AppDeps = { config, db, jwt, mailer, log, publicUrl: config.publicUrl ?? '', eventLoop };
  const collector = createCollector(db.pool, log, {
    validationThread: config.collectorValidationThread ?? false,
    ...(config.collectorInventoryFlushMs === undefined ? {} : { inventoryFlushMs: config.collectorInventoryFlushMs }),
    ...options.collector,
  });
  await collector.start();
  const app = createApp(deps, collector);
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => resolve(info.port));
  });
  const url = `http://localhost:${port}`;
  if (!config.publicUrl) deps.publicUrl = url;
  // Alerts run wherever the scheduler is on (the default) or a caller asks for them explicitly.
  const alerts =
    config.alertsScheduler || options.alerts
      ? createAlertsService(
          {
            db,
            connectionString,
            mailer,
            log,
            serverSecret: config.jwtSecret,
            publicUrl: () => deps.publicUrl,
            refusePrivateAddresses: config.production,
            alsoEveryMinute: [{ name: 'billing trial reminders', run: () => sendTrialReminders({ db, mailer, log, publicUrl: () => deps.publicUrl }) }],
          },
          { schedule: config.alertsScheduler, workers: config.alertsScheduler, ...options.alerts },
        )
      : undefined;
  await alerts?.start();

  let stopping: Promise<void> | undefined;
  return {
    url,
    deps,
    alerts,
    stop: () =>
      (stopping ??= (async () => {
        // The collector drains its queue (every accepted hit stored or refused) before the pool closes.
        await Promise.all([new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())), collector.stop(), alerts?.stop()]);
        eventLoop.stop();
        await db.close();
        await embedded?.stop();
      })()),
  };
}
