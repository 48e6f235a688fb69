import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe API endpoints Tracklint calls (customers, Checkout
 * Sessions, Customer Portal sessions). Stripe's servers cannot be reached from our machines, so
 * the server's Stripe SDK is pointed here with its host/port/protocol options (STRIPE_API_BASE).
 * It answers like Stripe (form-encoded requests, JSON objects with ids) and records each request
 * so tests can check what was asked. Webhook events are not faked here: tests sign them with the
 * SDK's own stripe.webhooks.generateTestHeaderString.
 */
export interface StripeStandIn {
  url: string;
  stop(): Promise<void>;
}

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The form body, keys as Stripe encodes them (e.g. `line_items[0][price]`). */
  params: Record<string, string>;
  idempotencyKey: string | null;
}

/** The Price ids the test servers are configured with, one per paid plan. */
export const TEST_STRIPE_PRICES = { starter: 'price_starter_test', pro: 'price_pro_test', enterprise: 'price_enterprise_test' } as const;

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export async function startStripeStandIn(port = 0): Promise<StripeStandIn> {
  const requests: RecordedStripeRequest[] = [];
  const customers = new Map<string, string>();
  let base = '';

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const send = (status: number, value: unknown, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type, 'request-id': id('req') });
        res.end(typeof value === 'string' ? value : JSON.stringify(value));
      };
      if (req.method === 'GET' && url.pathname === '/__requests') return send(200, requests);
      // The pages Stripe would host: the e2e suite lands on them.
      const page = /^\/(checkout|portal)\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      if (req.method === 'GET' && page) {
        const title = page[1] === 'checkout' ? 'Stripe Checkout (local stand-in)' : 'Stripe Customer Portal (local stand-in)';
        return send(200, `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${page[2]}</p></main></body></html>`, 'text/html; charset=utf-8');
      }
      const params = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null });
      const created = Math.floor(Date.now() / 1000);
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        // Stripe replays the first answer for a repeated idempotency key.
        const key = (req.headers['idempotency-key'] as string | undefined) ?? id('key');
        const customerId = customers.get(key) ?? id('cus');
        customers.set(key, customerId);
        return send(200, { id: customerId, object: 'customer', created, email: params.email ?? null, name: params.name ?? null, metadata: {} });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const sessionId = id('cs_test');
        return send(200, {
          id: sessionId,
          object: 'checkout.session',
          created,
          mode: params.mode,
          customer: params.customer ?? null,
          client_reference_id: params.client_reference_id ?? null,
          status: 'open',
          url: `${base}/checkout/${sessionId}`,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const sessionId = id('bps');
        return send(200, { id: sessionId, object: 'billing_portal.session', created, customer: params.customer, return_url: params.return_url, url: `${base}/portal/${sessionId}` });
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${url.pathname}) in the local Stripe stand-in.` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the stand-in was asked so far (read over HTTP, so any process can check). */
export async function stripeRequests(standInUrl: string): Promise<RecordedStripeRequest[]> {
  const res = await fetch(`${standInUrl}/__requests`);
  return (await res.json()) as RecordedStripeRequest[];
}
