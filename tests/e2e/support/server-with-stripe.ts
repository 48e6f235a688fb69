// The e2e server process: the local Stripe stand-in (tests/support/stripe-stand-in.ts) first, then
// the real Tracklint server with billing pointed at it, since Stripe's servers are out of reach here.
import { startStripeStandIn, TEST_STRIPE_PRICES } from '../../support/stripe-stand-in';
import { E2E_STRIPE_WEBHOOK_SECRET, e2eStripePort } from './stripe-settings';

const standIn = await startStripeStandIn(e2eStripePort());
Object.assign(process.env, {
  STRIPE_SECRET_KEY: 'sk_test_tracklint_e2e',
  STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_BASE: standIn.url,
  STRIPE_PRICE_STARTER: TEST_STRIPE_PRICES.starter,
  STRIPE_PRICE_PRO: TEST_STRIPE_PRICES.pro,
  STRIPE_PRICE_ENTERPRISE: TEST_STRIPE_PRICES.enterprise,
});
await import('../../../src/server/index');
