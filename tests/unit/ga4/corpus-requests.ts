import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCaptureFile, type CapturedRequest } from '../../../src/shared/ga4';
import { RULE_FIXTURES } from './rule-fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
/** The shared corpus of real requests and the project's own. */
export const CORPUS_DIRS = [path.join(repoRoot, 'tests/fixtures/ga4/shared-corpus/hits'), path.join(repoRoot, 'tests/fixtures/ga4/corpus/hits')];

/** Every captured request of both corpora, then every rule fixture's requests (failing and passing, with what they need before). */
export function corpusAndFixtureRequests(): CapturedRequest[] {
  return [
    ...CORPUS_DIRS.flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.txt'))
        .sort()
        .flatMap((f) => {
          const parsed = parseCaptureFile(readFileSync(path.join(dir, f), 'utf8'), f);
          return parsed.ok ? parsed.captures.map((c) => c.request) : [];
        }),
    ),
    ...RULE_FIXTURES.flatMap((f) => [...(f.fail.before ?? []), f.fail.req, ...(f.pass.before ?? []), f.pass.req]),
  ];
}
