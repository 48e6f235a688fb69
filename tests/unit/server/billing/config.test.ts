import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../../src/server/config';

const base = { DATA_DIR: '/tmp/tracklint-config-test', JWT_SECRET: 'x'.repeat(40) };

describe('billing settings', () => {
  it('are off without a Stripe key', () => {
    const config = loadConfig(base);
    expect(config.billingEnabled).toBe(false);
    expect(config.stripe).toBeUndefined();
  });

  it('refuse a Stripe key without the webhook signing secret', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
  });

  it('read the key, secret, prices and another API endpoint', () => {
    const config = loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_PRO: 'price_pro', STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(config.billingEnabled).toBe(true);
    expect(config.stripe).toMatchObject({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', prices: { pro: 'price_pro' } });
    expect(config.stripe?.apiBase?.port).toBe('12111');
  });
});
