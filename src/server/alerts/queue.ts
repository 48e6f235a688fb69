import PgBoss from 'pg-boss';
import type { SqlClient } from '../db/database';
import type { Logger } from '../logger';

export const EVALUATE_QUEUE = 'tracklint-alerts-evaluate';
export const DELIVER_QUEUE = 'tracklint-alerts-deliver';

export interface QueueOptions {
  connectionString: string;
  /** Put the every-minute evaluation on pg-boss's cron (stored in Postgres, fired once per minute across processes). */
  schedule: boolean;
  /** Take jobs (evaluations and sends) in this process. */
  workers: boolean;
  /** Attempts after the first, and the first backoff (doubled each retry by pg-boss). */
  retryLimit: number;
  retryDelaySeconds: number;
  pollingIntervalSeconds: number;
}

export interface AlertQueue {
  start(handlers: { evaluate: () => Promise<void>; deliver: (deliveryId: string) => Promise<'retry' | string> }): Promise<void>;
  /** Inserts send jobs through the caller's transaction (pg-boss's `db` option), so they commit or roll back with it. */
  enqueueDeliveries(client: SqlClient, deliveryIds: string[]): Promise<void>;
  stop(): Promise<void>;
}

/** The alerts' use of pg-boss: one queue for evaluations, one for sends, with retries and exponential backoff. */
export function createAlertQueue(options: QueueOptions, log: Logger): AlertQueue {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 4,
    schedule: options.schedule,
    supervise: options.workers,
    application_name: 'tracklint-alerts',
  });
  boss.on('error', (err: Error) => log.warn({ error: err.message }, 'alerts queue error'));
  let started = false;

  return {
    async start(handlers) {
      await boss.start();
      started = true;
      await boss.createQueue(EVALUATE_QUEUE, { name: EVALUATE_QUEUE, policy: 'singleton', retryLimit: 0, expireInSeconds: 120 });
      await boss.createQueue(DELIVER_QUEUE, {
        name: DELIVER_QUEUE,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: 120,
      });
      if (options.schedule) await boss.schedule(EVALUATE_QUEUE, '* * * * *', {}, { singletonKey: 'evaluate' });
      if (!options.workers) return;
      await boss.work(EVALUATE_QUEUE, { pollingIntervalSeconds: Math.max(2, options.pollingIntervalSeconds) }, async () => handlers.evaluate());
      // Two workers: one slow receiver (up to the send timeout) does not hold up the others.
      for (let i = 0; i < 2; i++) {
        await boss.work<{ deliveryId: string }>(DELIVER_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds }, async ([job]) => {
          if (!job) return;
          const outcome = await handlers.deliver(job.data.deliveryId);
          // Failing the job hands the retry and its backoff to pg-boss; the attempt is already in the delivery log.
          if (outcome === 'retry') throw new Error('delivery failed; retrying');
        });
      }
    },
    async enqueueDeliveries(client, deliveryIds) {
      const db = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
      // The delivery gives up (status failed) on the attempt where pg-boss stops retrying.
      await client.query('update public.alert_deliveries set max_attempts = $2 where id = any($1::uuid[])', [deliveryIds, options.retryLimit + 1]);
      for (const deliveryId of deliveryIds) {
        await boss.send(DELIVER_QUEUE, { deliveryId }, { db, retryLimit: options.retryLimit, retryDelay: options.retryDelaySeconds, retryBackoff: true });
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
    },
  };
}
