import { describe, expect, it } from 'vitest';
import {
  isWebsiteLimitError,
  normalizeDomain,
  parseCurrencies,
  parseMeasurementIds,
  validateAddWebsite,
} from '../../../../src/renderer/data/websites/website-form';
import { measurementProtocolUrl, trackerSnippet } from '../../../../src/renderer/data/websites/install-snippet';
import { websiteUpgradeLink } from '../../../../src/renderer/pages/websites/website-limit';

describe('normalizeDomain', () => {
  it.each([
    ['shop.example.com', 'shop.example.com'],
    ['https://Shop.Example.com/cart?x=1#top', 'shop.example.com'],
    ['http://user:pw@www.example.co.uk:8080/path', 'www.example.co.uk'],
    ['//cdn.example.com/', 'cdn.example.com'],
    ['  example.com.  ', 'example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeDomain(input)).toEqual({ ok: true, domain: expected });
  });

  it('refuses empty input, names without a dot and invalid labels', () => {
    expect(normalizeDomain('  ')).toMatchObject({ ok: false, error: expect.stringContaining('Enter the domain') });
    expect(normalizeDomain('localhost')).toMatchObject({ ok: false, error: expect.stringContaining('with a dot') });
    expect(normalizeDomain('-bad-.example.com')).toMatchObject({ ok: false });
    expect(normalizeDomain('exa_mple.com')).toMatchObject({ ok: false });
  });
});

describe('measurement ids and currencies', () => {
  it('upper-cases, de-duplicates and reports invalid ids as typed', () => {
    expect(parseMeasurementIds('g-abc1234, G-ABC1234 UA-123-1;G-XYZ9876')).toEqual({ values: ['G-ABC1234', 'G-XYZ9876'], invalid: ['UA-123-1'] });
  });

  it('reads ISO currency codes', () => {
    expect(parseCurrencies('eur, usd EURO')).toEqual({ values: ['EUR', 'USD'], invalid: ['EURO'] });
  });
});

describe('validateAddWebsite', () => {
  it('gives the values as stored', () => {
    expect(validateAddWebsite({ name: ' Shop ', domain: 'https://Shop.example.com/x', measurementIds: 'g-abcd123' })).toEqual({
      ok: true,
      value: { name: 'Shop', domain: 'shop.example.com', measurementIds: ['G-ABCD123'] },
    });
  });

  it('names every bad field', () => {
    const result = validateAddWebsite({ name: '', domain: 'nodot', measurementIds: 'G-1' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['domain', 'measurementIds', 'name']);
  });

  it('recognises the database limit error', () => {
    expect(isWebsiteLimitError('Website limit reached for your plan. Upgrade to add more.')).toBe(true);
    expect(isWebsiteLimitError('duplicate key value')).toBe(false);
  });
});

describe('install snippet and upgrade link', () => {
  it('builds the tracker tag and the MP endpoint from the server origin', () => {
    expect(trackerSnippet('https://app.tracklint.io/', 'abc123def456')).toBe('<script src="https://app.tracklint.io/t.js?site=abc123def456"></script>');
    // Measurement Protocol takes a secret, never the public site key.
    expect(measurementProtocolUrl('http://localhost:8797', 'G-ABC1234', 'k e y')).toBe('http://localhost:8797/mp/collect?measurement_id=G-ABC1234&api_secret=k%20e%20y');
    expect(measurementProtocolUrl('http://localhost:8797')).toBe('http://localhost:8797/mp/collect?measurement_id=G-XXXXXXX&api_secret=YOUR_MP_SECRET');
  });

  it('sends free plans to starter for multiple websites, starter to pro for unlimited', () => {
    expect(websiteUpgradeLink('free')).toBe('/app/billing?upgrade=starter&feature=multiple_websites&source=websites&current=free');
    expect(websiteUpgradeLink('starter')).toBe('/app/billing?upgrade=pro&feature=unlimited_websites&source=websites&current=starter');
  });
});
