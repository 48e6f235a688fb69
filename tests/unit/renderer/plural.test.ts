import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countOf, findingCounts } from '../../../src/renderer/lib/plural';
import { VALIDATION_SAMPLES, withoutCorpusComments } from '../../../src/renderer/pages/validation/samples';

describe('counts in copy', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(countOf(1, 'error')).toBe('1 error');
    expect(countOf(0, 'error')).toBe('0 errors');
    expect(countOf(1200, 'warning')).toBe('1,200 warnings');
  });

  it('lists findings by severity with "info" uncounted', () => {
    expect(findingCounts({ error: 3, warning: 1, info: 0 })).toBe('3 errors, 1 warning, 0 info');
    expect(findingCounts({ error: 1, warning: 2, info: 1 }, ' · ')).toBe('1 error · 2 warnings · 1 info');
  });
});

describe('validation samples', () => {
  it('never show the corpus provenance comments', () => {
    for (const sample of VALIDATION_SAMPLES) {
      expect(sample.text).not.toMatch(/^#/m);
      expect(sample.text).toMatch(/^METHOD: /m);
    }
    const split = withoutCorpusComments({ id: 'x', label: 'x', description: 'x', text: '# source: a\n# b\nMETHOD: GET\nURL: /g/collect?v=2\n' });
    expect(split.provenance).toEqual(['# source: a', '# b']);
    expect(split.text).toBe('METHOD: GET\nURL: /g/collect?v=2\n');
  });
});

/** Every .ts/.tsx file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('no count label with a fixed plural (issue 23, defect 8: "1 params")', () => {
  it('a number printed before a plural noun goes through countOf', () => {
    const nouns = 'params|items|events|rules|hits|requests|websites|members|findings|errors|warnings|keys|alerts|checks';
    // `{n} params` in JSX or `${n} params` in a template: the noun stays plural for 1.
    const fixed = new RegExp(`\\$?\\{[^{}]*(length|count|total|refused)[^{}]*\\} (${nouns})\\b`);
    const offenders = sources(join(__dirname, '../../../src/renderer')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ file, line: i + 1, text: line.trim() }))
        .filter(({ text }) => fixed.test(text)),
    );
    expect(offenders).toEqual([]);
  });
});
