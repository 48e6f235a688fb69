/**
 * The one place the collector calls the GA4 engine (src/shared/ga4). Everything else in the
 * collector depends on the CollectorEngine interface below, so the engine's API plugs in here.
 */
import { decodeRequest } from '../../shared/ga4/decode';
import { historyKeysFor } from '../../shared/ga4/history';
import type { ValidationHistory } from '../../shared/ga4/history';
import type { CapturedRequest, DecodeResult, DecodedRequest, ValidationResult } from '../../shared/ga4/types';
import type { CollectorWebsite } from './websites';

/** Validates decoded requests for one website with its rule settings; history may be undefined (debug endpoint). */
export type WebsiteValidator = (req: DecodedRequest, history: ValidationHistory | undefined, nowMs: number) => ValidationResult;

export interface DebugResponse {
  validationMessages: unknown[];
  [extra: string]: unknown;
}

export interface CollectorEngine {
  decode(request: CapturedRequest): DecodeResult;
  /** Every history key validation may read for this request (to prefetch them per batch). */
  historyKeys(request: DecodedRequest): string[];
  /** A validator compiled for the website's settings (plan tiers, facts, overrides, custom rules); null: default settings. */
  validatorFor(website: CollectorWebsite | null): WebsiteValidator;
  /** Google's /debug/mp/collect answer plus Tracklint's findings. */
  debugResponse(decoded: DecodeResult, result: ValidationResult | undefined): DebugResponse;
}

export function createEngineAdapter(): CollectorEngine {
  return {
    decode: decodeRequest,
    historyKeys: historyKeysFor,
    validatorFor() {
      throw new Error('GA4 validation is not wired yet');
    },
    debugResponse() {
      throw new Error('GA4 debug renderer is not wired yet');
    },
  };
}
