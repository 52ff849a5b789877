import type { MiddlewareHandler } from 'hono';

/** CSP without inline script; styles may be inline because UI libraries inject style tags. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function securityHeadersHeaders(https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * The same for the OAuth engine's responses, except `form-action`: a response_mode=form_post
 * answer is a form that posts to the application, on another origin. The engine adds the hash of
 * that page's one inline script to `script-src` itself.
 */
export function engineSecurityHeaders(https: boolean): [string, string][] {
  const csp = CONTENT_SECURITY_POLICY.split('; ')
    .filter((d) => !d.startsWith('form-action'))
    .join('; ');
  return Object.entries({ ...securityHeadersHeaders(https), 'Content-Security-Policy': csp });
}

export function securityHeaders(https: boolean): MiddlewareHandler {
  const headers = Object.entries(securityHeadersHeaders(https));
  return async (c, next) => {
    await next();
    for (const [name, value] of headers) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
}
