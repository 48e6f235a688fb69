import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ENGINE = path.join(repoRoot, 'src/shared/ga4');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

describe('the engine stays importable by the browser', () => {
  it('uses no Node-only modules or globals', () => {
    const offenders: string[] = [];
    for (const file of sources(ENGINE)) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of [/from ['"]node:/, /require\(/, /\bprocess\.(env|argv|exit|cwd|platform|versions|stdout|stderr)\b/, /\bBuffer\b/, /from ['"](fs|path|os|crypto|url)['"]/, /\beval\(/, /new Function\(/])
        if (pattern.test(text)) offenders.push(`${path.relative(repoRoot, file)}: ${pattern}`);
    }
    expect(offenders).toEqual([]);
  });

  it("never reads the wall clock to judge a hit (issue 9): only the in-memory history's default expiry clock may", () => {
    const offenders: string[] = [];
    for (const file of sources(ENGINE)) {
      const rel = path.relative(repoRoot, file);
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/Date\.now\b|new Date\(\)/.test(line) && !(rel.endsWith('history.ts') && /options\.now \?\? Date\.now|Default Date\.now/.test(line))) offenders.push(`${rel}:${i + 1}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
