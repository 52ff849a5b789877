import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverWithApp } from '../developer/helpers';
import type { TestServer } from '../support/test-server';

/*
 * A single-page app on an internationalised domain, registered as its developer types it
 * (https://bücher.example/callback). The browser sends its origin in ASCII
 * (https://xn--bcher-kva.example): the preflight answered nothing for it, so the app could never
 * call userinfo (an Authorization header) nor the token endpoint with a DPoP proof.
 */
let server: TestServer;
const ORIGIN = 'https://xn--bcher-kva.example';

beforeAll(async () => {
  ({ server } = await serverWithApp({
    app_type: 'spa',
    name: 'Bücher',
    redirect_uris: ['https://bücher.example/callback'],
  }));
});
afterAll(() => server?.close());

const preflight = (origin: string, path: string, headers: string) =>
  server.fetch(path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
  });

describe('a single-page app on an internationalised domain', () => {
  it('gets its preflights answered for its origin as the browser writes it', async () => {
    for (const [path, header] of [
      ['/oauth2/userinfo', 'authorization'],
      ['/oauth2/token', 'dpop'],
    ] as const) {
      const res = await preflight(ORIGIN, path, header);
      expect(res.headers.get('access-control-allow-origin'), path).toBe(ORIGIN);
    }
  });

  it('and for no look-alike', async () => {
    const other = await preflight(
      'https://xn--bcher-kva.example.evil.example',
      '/oauth2/userinfo',
      'authorization',
    );
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
