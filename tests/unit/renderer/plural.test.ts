import { describe, expect, it } from 'vitest';
import { countOf, findingCounts } from '../../../src/renderer/lib/plural';
import { VALIDATION_SAMPLES, withoutCorpusComments } from '../../../src/renderer/components/hits/samples';

describe('counts in copy', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(countOf(1, 'error')).toBe('1 error');
    expect(countOf(0, 'error')).toBe('0 errors');
    expect(countOf(1200, 'warning')).toBe('1,200 warnings');
  });

  it('lists findings by severity with "info" uncounted', () => {
    expect(findingCounts({ error: 3, warning: 1, info: 0 })).toBe('3 critical, 1 warning, 0 info');
    expect(findingCounts({ error: 1, warning: 2, info: 1 }, ' · ')).toBe('1 critical · 2 warnings · 1 info');
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
