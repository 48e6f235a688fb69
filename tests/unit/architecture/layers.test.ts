import { describe, expect, it } from 'vitest';
import { classify, findViolations } from '../../../scripts/check-layers.mjs';

describe('layering (scripts/layers.mjs, also enforced by eslint-plugin-boundaries)', () => {
  it('has no page-to-page, upward or unclassified imports under src/', () => {
    const violations = findViolations();
    expect(violations.map((violation) => `${violation.kind}: ${violation.where}`)).toEqual([]);
  });

  it('classifies files the way the layers are written down', () => {
    const typeOf = (file: string) => classify(file);
    expect(typeOf('src/renderer/routing/paths.ts')?.element.type).toBe('renderer-base');
    expect(typeOf('src/renderer/routing/routes.tsx')?.element.type).toBe('renderer-app');
    expect(typeOf('src/renderer/pages/alerts/AlertsPage.tsx')).toEqual(expect.objectContaining({ name: 'alerts' }));
    expect(typeOf('src/server/api-auth/authenticate.ts')?.element.type).toBe('server-core');
    expect(typeOf('src/server/billing/routes.ts')).toEqual(expect.objectContaining({ name: 'billing' }));
    expect(typeOf('src/server/server.ts')?.element.type).toBe('server-app');
  });
});
