import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

/*
 * The engine's resume of the device page (/oauth2/device/:uid) from a browser that never opened the
 * page: the page again, by GET or by HEAD (the engine's router answers HEAD as GET), never a 500.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("the device page's resume without the page's session", () => {
  it.each(['GET', 'HEAD'])('%s: sends the browser to the device page', async (method) => {
    for (const path of ['/oauth2/device/abc', '/oauth2/device/%00', '/oauth2/device/confirm']) {
      const res = await server.fetch(path, { method, redirect: 'manual' });
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location'), path).toBe('/device');
    }
  });
});
