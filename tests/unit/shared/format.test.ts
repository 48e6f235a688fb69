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
