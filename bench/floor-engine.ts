/**
 * The collector bench's floor (issue 28, `BENCH_FLOOR`): the collector's engine with the engine's
 * work taken away and storage identical. It plugs in where the real engine does (the collector's
 * `engine` option), so the pipeline, the writer and every statement they send are the production
 * ones; only decode and the rules are replaced by lookups:
 *
 * - decode: the first time a request is seen (its client id aside: the load generator gives every
 *   visitor its own) the real engine decodes it; after that the same decoded model is handed out
 *   again, a shallow copy carrying this hit's client id, so the log row stores what the real
 *   pipeline stores for it;
 * - rules: the verdict the real engine gave that request at that place in a visitor's hits (every
 *   rule of the website's settings, with an in-process history of the hits before it, as that
 *   visitor had them) is returned again: same shape, same findings, so the writer stores the same
 *   log row, rule ids and rollups as the real pipeline. The load generator sends the corpus round
 *   robin, so a visitor's first hit decides all its hits: the first two visitors starting with the
 *   same request are validated in full (the second already finds what other visitors left in the
 *   history, such as a transaction id sent before, as every later one does), later ones are
 *   answered with the second one's verdicts. A hit without a client id counts as a visitor of its
 *   own. Only the first few dozen visitors (the warm-up) run the engine;
 * - history: no keys are read from the store (reading is the engine's work), but the records the
 *   real engine wrote with a verdict are written again with it, under this visitor's client id, so
 *   the history rows stored are the real pipeline's too.
 */
import { createEngineAdapter, type CollectorEngine, type WebsiteValidator } from '../src/server/collector/engine-adapter';
import { createInMemoryHistory, runSteps, type HistoryRecord, type ValidationHistory, type ValidationSteps } from '../src/shared/ga4';
import type { DecodeResult, DecodedRequest } from '../src/shared/ga4/types';
import type { VerdictResult } from '../src/shared/ga4/verdict';

/** `cid` in the query string: the one part of a bench request that differs between visitors. */
const CLIENT_ID = /([?&]cid=)([^&]*)/;

/** Distinct requests (and verdicts) kept; the bench sends a few dozen (a few hundred verdicts), so this only bounds a misuse. */
const MAX_DISTINCT = 10_000;
/** Visitors whose hits are counted; a visitor's hits arrive together, so older ones are forgotten. */
const MAX_VISITORS = 100_000;

/** One record a validator wrote to its history. */
export interface HistoryWriteOf {
  key: string;
  record: HistoryRecord;
  ttlMs: number;
}

/** `history`, listing in `writes` every record written to it (and writing it to `also` too). */
export function recordingHistory(history: ValidationHistory, writes: HistoryWriteOf[], also?: ValidationHistory): ValidationHistory {
  return {
    get: (key) => history.get(key),
    set: (key, record, ttlMs) => {
      writes.push({ key, record, ttlMs });
      history.set(key, record, ttlMs);
      also?.set(key, record, ttlMs);
    },
  };
}

export function createFloorEngine(real: CollectorEngine = createEngineAdapter()): CollectorEngine {
  /** Decoded model per request with its client id blanked. */
  const decoded = new Map<string, DecodeResult>();
  /**
   * Verdict per request and place in its visitor's hits, computed by the real engine (the bench has
   * one website), with the history records it wrote and the client id they were written for.
   */
  const verdicts = new Map<string, { verdict: VerdictResult; clientId: string | undefined; writes: HistoryWriteOf[] }>();
  /** Which request each handed-out model stands for (the validator gets only the model). */
  const keyOf = new WeakMap<DecodedRequest, { key: string; validate: boolean }>();
  /** What the first verdicts read: the history the real pipeline would have had for them, in this process only. */
  const history = createInMemoryHistory();
  /** Per client id, hits seen and whether its hits are validated in full: a verdict depends on the visitor's hits before it. */
  const visitors = new Map<string, { hits: number; validate: boolean }>();
  /** Visitors seen per first request. */
  const startedWith = new Map<string, number>();
  const verdictKey = (key: string, clientId: string | undefined): { key: string; validate: boolean } => {
    let v = clientId === undefined ? undefined : visitors.get(clientId);
    if (v === undefined) {
      const before = startedWith.get(key) ?? 0;
      if (before < 2) startedWith.set(key, before + 1);
      v = { hits: 0, validate: before < 2 };
      if (visitors.size >= MAX_VISITORS) visitors.clear();
      if (clientId !== undefined) visitors.set(clientId, v);
    }
    return { key: `${key}\n${v.hits++}`, validate: v.validate };
  };

  return {
    decode(request) {
      const cid = CLIENT_ID.exec(request.url);
      const clientId = cid?.[2];
      const url = cid ? request.url.slice(0, cid.index + cid[1]!.length) + request.url.slice(cid.index + cid[0].length) : request.url;
      const key = `${request.method} ${url}\n${request.body ?? ''}`;
      let model = decoded.get(key);
      if (model === undefined) {
        model = real.decode(request);
        if (decoded.size < MAX_DISTINCT) decoded.set(key, model);
        if (model.ok) keyOf.set(model.request, verdictKey(key, clientId));
        return model;
      }
      if (!model.ok) return model;
      const copy: DecodedRequest = { ...model.request, ...(clientId === undefined ? {} : { clientId: decodeURIComponent(clientId) }) };
      keyOf.set(copy, verdictKey(key, clientId));
      return { ok: true, request: copy };
    },
    historyKeys: () => [],
    validatorFor(website) {
      const validate = real.validatorFor(website);
      // The floor hands out a verdict at once: steps that end on the first call.
      // eslint-disable-next-line require-yield -- nothing to pause between: no rule runs here
      const fixed: WebsiteValidator = function* (req, store, nowMs): ValidationSteps<VerdictResult> {
        const k = keyOf.get(req) ?? { key: '', validate: true };
        const known = k.validate ? undefined : verdicts.get(k.key);
        if (known === undefined) {
          const writes: HistoryWriteOf[] = [];
          const verdict = runSteps(validate(req, recordingHistory(history, writes, store), nowMs));
          if (verdicts.size < MAX_DISTINCT) verdicts.set(k.key, { verdict, clientId: req.clientId, writes });
          return verdict;
        }
        // Keys are joined with '|' and name the client id as one of their parts.
        const from = known.clientId;
        const to = req.clientId;
        for (const w of known.writes) {
          const key = from === undefined || to === undefined || from === to ? w.key : w.key.split('|').map((part) => (part === from ? to : part)).join('|');
          store?.set(key, w.record, w.ttlMs);
        }
        return known.verdict;
      };
      return fixed;
    },
    debugResponse: (d, result) => real.debugResponse(d, result),
  };
}
