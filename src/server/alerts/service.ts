import type { Database } from '../db/database';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { floorMinute, systemClock, type Clock } from './clock';
import { attemptDelivery, type DeliveryOutcome } from './deliver';
import { evaluateAlerts, type EvaluationResult } from './evaluator';
import { createAlertQueue, type AlertQueue } from './queue';
import { createChannelSecrets } from './secrets';

export interface AlertsOptions {
  clock?: Clock;
  /** Evaluate every minute on pg-boss's cron (default on). */
  schedule?: boolean;
  /** Take evaluation and send jobs in this process (default on). */
  workers?: boolean;
  retryLimit?: number;
  retryDelaySeconds?: number;
  pollingIntervalSeconds?: number;
}

export interface AlertsService {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Evaluates at a given time (tests move time this way); `claim` makes it the period's one evaluation. */
  evaluate(at?: Date, options?: { claim?: boolean }): Promise<EvaluationResult>;
  /** What the every-minute job does: claims the current minute and evaluates it. */
  tick(): Promise<EvaluationResult>;
  /** One attempt at one delivery (what a send job does). */
  deliver(deliveryId: string): Promise<DeliveryOutcome>;
}

export interface AlertsDeps {
  db: Database;
  connectionString: string;
  mailer: Mailer;
  log: Logger;
  serverSecret: string;
  publicUrl: () => string;
  /** Production: receivers' addresses are checked at send time (no loopback or private ones). */
  refusePrivateAddresses?: boolean;
  /** Other once-a-minute work that shares the evaluation's job (runs once across processes), e.g. billing reminders. */
  alsoEveryMinute?: Array<{ name: string; run: () => Promise<unknown> }>;
}

/** Evaluation every minute and notification sends, both as pg-boss jobs, so they survive restarts and run once across processes. */
export function createAlertsService(deps: AlertsDeps, options: AlertsOptions = {}): AlertsService {
  const clock = options.clock ?? systemClock;
  const secrets = createChannelSecrets(deps.serverSecret);
  const queue: AlertQueue = createAlertQueue(
    {
      connectionString: deps.connectionString,
      schedule: options.schedule ?? true,
      workers: options.workers ?? true,
      retryLimit: options.retryLimit ?? 4,
      retryDelaySeconds: options.retryDelaySeconds ?? 30,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    },
    deps.log,
  );
  const deliveryDeps = { db: deps.db, mailer: deps.mailer, secrets, clock, publicUrl: deps.publicUrl, refusePrivateAddresses: deps.refusePrivateAddresses ?? false };

  const evaluate = async (at: Date = floorMinute(clock()), opts: { claim?: boolean } = {}) => {
    const result = await evaluateAlerts(deps.db, at, (client, ids) => queue.enqueueDeliveries(client, ids), opts);
    if (result.opened.length || result.resolved.length) deps.log.info({ at: result.at, opened: result.opened.length, resolved: result.resolved.length, queued: result.queued.length }, 'alerts evaluated');
    return result;
  };
  const deliver = async (deliveryId: string) => {
    const outcome = await attemptDelivery(deliveryDeps, deliveryId);
    if (outcome === 'retry' || outcome === 'failed') deps.log.warn({ deliveryId, outcome }, 'alert delivery failed');
    return outcome;
  };
  const tick = () => evaluate(floorMinute(clock()), { claim: true });

  return {
    start: () =>
      queue.start({
        evaluate: async () => {
          await tick();
          for (const job of deps.alsoEveryMinute ?? []) {
            await job.run().catch((err: unknown) => deps.log.warn({ error: err instanceof Error ? err.message : String(err) }, `${job.name} failed`));
          }
        },
        deliver,
      }),
    stop: () => queue.stop(),
    evaluate,
    tick,
    deliver,
  };
}
