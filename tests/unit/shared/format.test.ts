import { describe, expect, it } from 'vitest';
import { defaultSlugFromEmail, formatCompactNumber, formatCurrency, initials, slugify } from '../../../src/shared/format';

describe('formatting', () => {
  it('formats USD in en-US by default', () => {
    expect(formatCurrency(29)).toBe('$29.00');
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
  });
  it('compacts with K from 1,000 and M from 1,000,000, one decimal', () => {
    expect(formatCompactNumber(999)).toBe('999');
    expect(formatCompactNumber(1000)).toBe('1.0K');
    expect(formatCompactNumber(15_250)).toBe('15.3K');
    expect(formatCompactNumber(1_000_000)).toBe('1.0M');
    expect(formatCompactNumber(2_450_000)).toBe('2.5M');
  });
  it('takes up to two initials', () => {
    expect(initials('Acme Shop Europe')).toBe('AS');
    expect(initials('acme')).toBe('A');
    expect(initials('  ')).toBe('');
  });
  it('derives the default first-account slug from the email', () => {
    expect(defaultSlugFromEmail('Jane.Doe+shop@example.com')).toBe('jane-doe-shop-org');
  });
  it('slugifies organization names', () => {
    expect(slugify('Café Zürich & Co.')).toBe('cafe-zurich-co');
    expect(slugify('--Acme--')).toBe('acme');
  });
});

describe('usage against a limit (issue 23, defect 8)', () => {
  it('never says "of Unlimited": a plan without a limit says so', async () => {
    const { formatUsageOfLimit, planUsageSentence, formatLimit } = await import('../../../src/shared/format');
    expect(formatUsageOfLimit(1, -1)).toBe('1 (no limit)');
    expect(formatUsageOfLimit(1200, 5000)).toBe('1,200 of 5,000');
    expect(planUsageSentence('Websites', 1, -1)).toBe('Websites: 1, no limit on your plan.');
    expect(planUsageSentence('Team members', 1, 1)).toBe('Team members: 1 of 1 on your plan.');
    expect(planUsageSentence('Custom rules', undefined, 50)).toBe('Custom rules: … of 50 on your plan.');
    expect(formatLimit(-1)).toBe('Unlimited');
  });
});
