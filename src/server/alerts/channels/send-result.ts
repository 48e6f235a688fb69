/** The outcome of one attempt: what the delivery log records. Errors never contain the target URL. */
export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

export const TIMEOUT_MS = 10_000;

/**
 * POSTs a JSON body without following redirects (a redirect could lead a signed body elsewhere)
 * and with a time limit. Network errors are reported by their code, never with the URL.
 */
export async function postJson(url: string, body: string, headers: Record<string, string> = {}): Promise<SendResult> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Tracklint-Alerts/1', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // Read and drop the body so the connection is released.
    await res.arrayBuffer().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) return { ok: true, statusCode: res.status, error: null };
    return { ok: false, statusCode: res.status, error: `The receiver answered ${res.status}` };
  } catch (err) {
    const e = err as { name?: string; cause?: { code?: string } };
    const why = e.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : (e.cause?.code ?? 'the connection failed');
    return { ok: false, statusCode: null, error: `Could not reach the receiver: ${why}` };
  }
}
