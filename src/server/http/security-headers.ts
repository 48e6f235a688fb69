import type { MiddlewareHandler } from 'hono';
import { isSecureRequest } from './client-address';

interface SecurityHeaderOptions {
  /** Believe X-Forwarded-Proto (only behind a proxy we run). */
  trustProxy: boolean;
  /** Origins the web app may call besides its own (the configured public URL). */
  connectOrigins: () => string[];
}

/**
 * Headers every response gets, and the stricter set for HTML pages.
 * Not helmet-style CORP/COOP on everything: /t.js and the collector are loaded and called from
 * customers' websites, which a same-origin resource policy would break.
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (isSecureRequest(c, options.trustProxy)) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if ((headers.get('content-type') ?? '').startsWith('text/html')) {
      headers.set('Content-Security-Policy', contentSecurityPolicy(options.connectOrigins()));
      headers.set('X-Frame-Options', 'DENY');
      headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    }
  };
}

/**
 * No inline or foreign scripts. Styles allow 'unsafe-inline' because Mantine writes its CSS
 * variables into a <style> element and components set style attributes; styles cannot run code.
 */
export function contentSecurityPolicy(connectOrigins: string[]): string {
  const origins = [...new Set(connectOrigins.filter(Boolean).map((u) => new URL(u).origin))];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${origins.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
