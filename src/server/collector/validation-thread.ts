import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger';
import type { DebugResponse } from './engine-adapter';
import { ValidationUnavailable, type DebugInput, type HitValidator, type ValidationInput, type ValidationOutcome } from './validation';
import type { FromValidationThread, HistoryReadCounts, ToValidationThread, ValidationWorkerData, WireHit, WireWebsite } from './validation-protocol';
import type { CollectorWebsite } from './websites';

/** A call waiting for the thread's answer. */
interface PendingCall<T> {
  resolve(value: T): void;
  reject(e: Error): void;
}

/** How long stop() waits for the thread to close its connections before terminating it. */
const STOP_TIMEOUT_MS = 5_000;

/**
 * The thread's entry next to this module: the bundle built beside the server's bundle
 * (scripts/build-server.mjs), or the TypeScript source under tsx and vitest, loaded through tsx's
 * loader registered in the thread itself (a worker's own --import does not apply to its entry).
 */
function startWorker(workerData: ValidationWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./validation-worker.mjs', here), { workerData });
  const source = JSON.stringify(new URL('./validation-worker.ts', here).href);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); });`, { eval: true, workerData });
}

/**
 * Validation in a thread of its own: decoding and the rules (about a third of the collector's CPU
 * per hit) run beside the collector's event loop instead of on it, so HTTP, admission and the
 * database are not held up by them, and the decoded models are collected in the thread's own heap.
 * The thread owns the history cache. A thread that dies fails its pending calls (the writer
 * validates those hits again) and is started afresh on the next call.
 */
export class ValidationThread implements HitValidator {
  private worker: Worker | undefined;
  private nextCall = 1;
  private readonly calls = new Map<number, PendingCall<ValidationOutcome[]>>();
  private readonly debugCalls = new Map<number, PendingCall<DebugResponse>>();
  /** Per website object a version number; the thread is sent each version once. */
  private readonly versions = new WeakMap<CollectorWebsite, number>();
  private nextVersion = 1;
  private readonly sentVersions = new Map<string, number>();
  private kept: number[] = [];
  private reverted: number[] = [];
  private stopping: Promise<void> | undefined;

  constructor(
    private readonly data: ValidationWorkerData,
    private readonly log: Logger,
    /** The thread's history reads from Postgres, as it reports them (the collector's metrics). */
    private readonly onHistoryRead?: (counts: HistoryReadCounts) => void,
  ) {}

  private post(msg: ToValidationThread) {
    this.thread().postMessage(msg);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(this.data);
    // The collector stops it on shutdown; it must not keep a process alive that forgot to.
    worker.unref();
    worker.on('message', (msg: FromValidationThread) => this.receive(msg));
    worker.on('error', (err) => this.log.error({ error: err.message }, 'collector: the validation thread failed'));
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      // A new thread has no history cache and no websites: it is sent everything again, and the
      // hits the old one validated can no longer be taken back out of a history that is gone.
      this.sentVersions.clear();
      this.kept = [];
      this.reverted = [];
      const failed = [...this.calls.values(), ...this.debugCalls.values()];
      this.calls.clear();
      this.debugCalls.clear();
      for (const c of failed) c.reject(new ValidationUnavailable(`the validation thread exited (code ${code})`));
      if (!this.stopping) this.log.warn({ code }, 'collector: the validation thread exited; starting a new one with the next hits');
    });
    this.worker = worker;
    return worker;
  }

  private receive(msg: FromValidationThread) {
    switch (msg.type) {
      case 'validated':
        if (msg.historyRead) this.onHistoryRead?.(msg.historyRead);
        this.calls.get(msg.call)?.resolve(msg.outcomes);
        this.calls.delete(msg.call);
        return;
      case 'debugged':
        this.debugCalls.get(msg.call)?.resolve(msg.response);
        this.debugCalls.delete(msg.call);
        return;
      case 'failed': {
        const error = Object.assign(new Error(msg.message), msg.code === undefined ? {} : { code: msg.code });
        this.calls.get(msg.call)?.reject(error);
        this.debugCalls.get(msg.call)?.reject(error);
        this.calls.delete(msg.call);
        this.debugCalls.delete(msg.call);
        return;
      }
      case 'log':
        this.log[msg.level](msg.fields ?? {}, msg.message);
        return;
    }
  }

  private versionOf(website: CollectorWebsite): number {
    let v = this.versions.get(website);
    if (v === undefined) this.versions.set(website, (v = this.nextVersion++));
    return v;
  }

  /** The website as the thread will read it: in full the first time this version of it is sent, then by id. */
  private wireWebsite(website: CollectorWebsite): WireWebsite {
    const version = this.versionOf(website);
    const known = this.sentVersions.get(website.id) === version;
    this.sentVersions.set(website.id, version);
    return known ? { version, id: website.id } : { version, website };
  }

  validate(hits: readonly ValidationInput[]): Promise<ValidationOutcome[]> {
    if (this.stopping) return Promise.reject(new ValidationUnavailable('the validation thread is stopping'));
    const websites: WireWebsite[] = [];
    const siteIndex = new Map<CollectorWebsite, number>();
    const wire: WireHit[] = hits.map((h) => {
      let site = siteIndex.get(h.website);
      if (site === undefined) {
        site = websites.push(this.wireWebsite(h.website)) - 1;
        siteIndex.set(h.website, site);
      }
      return { seq: h.seq, site, method: h.method, envelope: h.envelope };
    });
    // Settlements first: the thread must take back a refused hit's history before validating the next hits.
    this.flushSettled();
    const call = this.nextCall++;
    const result = new Promise<ValidationOutcome[]>((resolve, reject) => this.calls.set(call, { resolve, reject }));
    this.post({ type: 'validate', call, websites, hits: wire });
    return result;
  }

  debug({ website, ...request }: DebugInput): Promise<DebugResponse> {
    if (this.stopping) return Promise.reject(new ValidationUnavailable('the validation thread is stopping'));
    const wireSite = website === null ? null : this.wireWebsite(website);
    const call = this.nextCall++;
    const result = new Promise<DebugResponse>((resolve, reject) => this.debugCalls.set(call, { resolve, reject }));
    this.post({ type: 'debug', call, website: wireSite, request });
    return result;
  }

  settle(seq: number, kept: boolean): void {
    if (!this.worker) return;
    (kept ? this.kept : this.reverted).push(seq);
    // Batched: one message per turn of the event loop (or sooner, before the next validate call).
    if (this.kept.length + this.reverted.length === 1) setImmediate(() => this.flushSettled());
  }

  private flushSettled() {
    if (this.kept.length === 0 && this.reverted.length === 0) return;
    const msg: ToValidationThread = { type: 'settle', kept: this.kept, reverted: this.reverted };
    this.kept = [];
    this.reverted = [];
    this.worker?.postMessage(msg);
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      const worker = this.worker;
      if (!worker) return;
      this.flushSettled();
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ type: 'stop' } satisfies ToValidationThread);
      const timer = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    })();
    return this.stopping;
  }
}
