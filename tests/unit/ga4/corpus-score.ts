/**
 * Precision and recall of the engine on the two GA4 corpora against their expectation tables
 * (tests/fixtures/ga4/{corpus,shared-corpus}/expectations.json). Runs each corpus the way
 * `tracklint validate` runs a set of files by default.
 *
 *   npx tsx tests/unit/ga4/corpus-score.ts [--verbose]
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCaptureFile, validateCaptureFiles, type FileCapture } from '../../../src/shared/ga4';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface CorpusSpec {
  name: string;
  hitsDir: string;
  expectations: string;
}

export const CORPORA: CorpusSpec[] = [
  { name: 'own corpus (tests/fixtures/ga4/corpus)', hitsDir: path.join(repoRoot, 'tests/fixtures/ga4/corpus/hits'), expectations: path.join(repoRoot, 'tests/fixtures/ga4/corpus/expectations.json') },
  { name: 'shared corpus (tests/fixtures/ga4/shared-corpus/hits)', hitsDir: path.join(repoRoot, 'tests/fixtures/ga4/shared-corpus/hits'), expectations: path.join(repoRoot, 'tests/fixtures/ga4/shared-corpus/expectations.json') },
];

interface FileExpectation {
  expect: string[];
  allow: string[];
  why?: string;
}

export interface FileScore {
  file: string;
  found: string[];
  missed: string[];
  falsePositives: string[];
}

export interface Figures {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
}

export interface CorpusScore extends Figures {
  name: string;
  files: number;
  /** After the documented post-run review (accepted findings, expected misses with reasons). */
  reviewed: Figures;
  perFile: FileScore[];
}

interface Review {
  acceptedFindings?: Record<string, Record<string, string>>;
  expectedMisses?: Record<string, Record<string, string>>;
}

function figures(tp: number, fp: number, fn: number): Figures {
  return { truePositives: tp, falsePositives: fp, falseNegatives: fn, precision: tp + fp === 0 ? 1 : tp / (tp + fp), recall: tp + fn === 0 ? 1 : tp / (tp + fn) };
}

export function scoreCorpus(spec: CorpusSpec): CorpusScore {
  const doc = JSON.parse(readFileSync(spec.expectations, 'utf8')) as { files: Record<string, FileExpectation>; reviewedAfterRun?: Review };
  const table = doc.files;
  const review = doc.reviewedAfterRun ?? {};
  let acceptedFp = 0;
  let excusedFn = 0;
  const files = readdirSync(spec.hitsDir).filter((f) => f.endsWith('.txt')).sort();
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const perFile: FileScore[] = [];
  for (const file of files) {
    const exp = table[file];
    if (!exp) throw new Error(`${spec.name}: no expectation for ${file}`);
    const parsed = parseCaptureFile(readFileSync(path.join(spec.hitsDir, file), 'utf8'), file);
    if (!parsed.ok) throw new Error(parsed.error);
    // Each file is its own run, as `tracklint validate FILE` would check it.
    const run = validateCaptureFiles(parsed.captures as FileCapture[]);
    const found = new Set(run.results.flatMap((r) => r.result.issues.map((i) => i.ruleId)));
    const missed = exp.expect.filter((id) => !found.has(id));
    const falsePositives = [...found].filter((id) => !exp.expect.includes(id) && !exp.allow.includes(id));
    tp += exp.expect.length - missed.length;
    fn += missed.length;
    fp += falsePositives.length;
    acceptedFp += falsePositives.filter((id) => review.acceptedFindings?.[file]?.[id] !== undefined).length;
    excusedFn += missed.filter((id) => review.expectedMisses?.[file]?.[id] !== undefined).length;
    perFile.push({ file, found: [...found].sort(), missed, falsePositives });
  }
  // Accepted findings are true positives the expectation missed; excused misses leave the denominator.
  return { name: spec.name, files: files.length, ...figures(tp, fp, fn), reviewed: figures(tp + acceptedFp, fp - acceptedFp, fn - excusedFn), perFile };
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const verbose = process.argv.includes('--verbose');
  for (const spec of CORPORA) {
    const s = scoreCorpus(spec);
    const line = (f: Figures) => `precision ${f.precision.toFixed(2)} (${f.truePositives}/${f.truePositives + f.falsePositives}), recall ${f.recall.toFixed(2)} (${f.truePositives}/${f.truePositives + f.falseNegatives})`;
    console.log(`${s.name}: ${s.files} files\n  raw (expectations written before the run): ${line(s)}\n  after the documented review:               ${line(s.reviewed)}`);
    if (verbose)
      for (const f of s.perFile)
        if (f.missed.length || f.falsePositives.length) console.log(`  ${f.file}: missed [${f.missed.join(', ')}] false positives [${f.falsePositives.join(', ')}]`);
  }
}
