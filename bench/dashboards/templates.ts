/**
 * The rows the generator copies: every request of the real corpus (`tests/fixtures/ga4/shared-corpus/hits`), decoded
 * and validated once by the GA4 engine with the enterprise plan's rules, in the collector's stored
 * shape (`toStoredRow`), so the generated log has the corpus's status, event-name and findings mix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createEngineAdapter } from '../../src/server/collector/engine-adapter';
import { toStoredRow, type StoredRow } from '../../src/server/collector/stored-hit';
import { parseCaptureFile, runSteps } from '../../src/shared/ga4';

export interface HitTemplate {
  hit: StoredRow;
  /** The client id as it appears in the URL, replaced per generated row. */
  urlClientId: string | null;
}

export function corpusTemplates(corpusDir: string, nowMs: number): HitTemplate[] {
  const engine = createEngineAdapter();
  const validate = engine.validatorFor(null);
  const out: HitTemplate[] = [];
  for (const file of readdirSync(corpusDir).sort()) {
    const parsed = parseCaptureFile(readFileSync(path.join(corpusDir, file), 'utf8'), file);
    if (!parsed.ok) continue;
    for (const capture of parsed.captures) {
      const decoded = engine.decode(capture.request);
      if (!decoded.ok) continue;
      const req = decoded.request;
      const body = typeof capture.request.body === 'string' ? capture.request.body : null;
      const hit = toStoredRow(
        '00000000-0000-0000-0000-000000000000',
        {
          receivedAtMs: nowMs,
          organizationId: '',
          websiteId: '',
          idempotencyKey: null,
          source: req.format === 'mp' ? 'measurement_protocol' : 'tracker',
          originHost: req.format === 'mp' ? null : 'www.example.com',
          url: capture.request.url,
          body,
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
        },
        req,
        runSteps(validate(req, undefined, nowMs)),
      );
      const cid = hit.clientId && capture.request.url.includes(hit.clientId) ? hit.clientId : null;
      out.push({ hit, urlClientId: cid });
    }
  }
  return out;
}
