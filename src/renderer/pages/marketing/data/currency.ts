const wholeDollarFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const centsFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Formats an amount in US dollars for en-US readers. Whole amounts drop the cents ("$29"),
 * because price tags with ".00" read as noise; other amounts keep two decimals ("$12.50").
 */
export function formatUsd(amount: number): string {
  if (!Number.isFinite(amount)) {
    throw new RangeError(`formatUsd needs a finite number, got ${String(amount)}`);
  }
  return Number.isInteger(amount) ? wholeDollarFormat.format(amount) : centsFormat.format(amount);
}
