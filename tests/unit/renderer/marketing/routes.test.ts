import { describe, expect, it } from 'vitest';
import { MARKETING_PATHS } from '../../../../src/renderer/pages/marketing/routes';

describe('marketing routes', () => {
  it('serve every public marketing path of the product', () => {
    expect([...MARKETING_PATHS].sort()).toEqual(
      [
        '/',
        '/pricing',
        '/features',
        '/about',
        '/contact',
        '/features/monitoring',
        '/features/validation',
        '/features/alerts',
        '/features/custom-rules',
        '/solutions/ecommerce',
        '/solutions/saas',
        '/solutions/enterprise',
        '/docs',
        '/blog',
        '/blog/:slug',
        '/demo',
        '/privacy',
        '/terms',
      ].sort(),
    );
  });
});
