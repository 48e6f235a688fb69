import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
