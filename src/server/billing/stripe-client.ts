import Stripe from 'stripe';
import type { StripeSettings } from '../config';

/**
 * The Stripe SDK for the configured account. STRIPE_API_BASE points it at another endpoint
 * (stripe-mock, or the local stand-in the tests use, since Stripe's servers are out of reach there).
 */
export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Tracklint' },
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
}
