import type { LogLevel } from '../config';
import type { HitEnvelope } from './stored-hit';
import type { DebugResponse } from './engine-adapter';
import type { DebugInput, ValidationOutcome } from './validation';
import type { CollectorWebsite } from './websites';

/** History reads from Postgres: queries, keys asked for, records found. */
export interface HistoryReadCounts {
  reads: number;
  keys: number;
  found: number;
}

/** What the validation thread is started with (workerData). */
export interface ValidationWorkerData {
  connectionString: string;
  /** The collector process's id: its own history announcements are not news to it. */
  processId: string;
  history: { maxEntries?: number; persistMinTtlMs?: number };
  /** false: stored hits add nothing to the traffic inventory (CollectorOptions.inventory). */
  inventory?: boolean;
}

/**
 * A website as one message refers to it: in full when the thread has not been sent this version of
 * it yet (a website re-read from Postgres is a new version), otherwise by id.
 */
export type WireWebsite = { version: number; website: CollectorWebsite } | { version: number; id: string };

export interface WireHit {
  seq: number;
  /** Index into the message's `websites`. */
  site: number;
  method: string;
  envelope: HitEnvelope;
}

export type ToValidationThread =
  | { type: 'validate'; call: number; websites: WireWebsite[]; hits: WireHit[] }
  /** One debug endpoint request; `website` as in `validate`, null for the default settings. */
  | { type: 'debug'; call: number; website: WireWebsite | null; request: Omit<DebugInput, 'website'> }
  /** Hits whose fate is known: history writes of `reverted` are taken back, those of `kept` stay. */
  | { type: 'settle'; kept: number[]; reverted: number[] }
  | { type: 'stop' };

export type FromValidationThread =
  /** `historyRead`: the history reads from Postgres since the last answer (the collector's metrics). */
  | { type: 'validated'; call: number; outcomes: ValidationOutcome[]; historyRead?: HistoryReadCounts }
  | { type: 'debugged'; call: number; response: DebugResponse }
  /** `code`: the Postgres or network error code, so the writer can tell a transient failure (retried) from others. */
  | { type: 'failed'; call: number; message: string; code?: string }
  | { type: 'log'; level: Exclude<LogLevel, 'silent'>; message: string; fields?: Record<string, unknown> };
