/** The webhook signing secret of the e2e server's billing, shared with the specs that sign events. */
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_tracklint_e2e_tests';

/** The Stripe stand-in listens next to the e2e server: its port plus 1000. */
export function e2eStripePort(): number {
  return Number(process.env.E2E_PORT ?? 8797) + 1000;
}
