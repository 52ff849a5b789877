import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pngBytes } from '../developer/helpers';
import {
  authorizeUrl,
  CookieJar,
  decisionBody,
  insertClient,
  issueTokens,
  pkce,
  startAuthorization,
  tokenRequest,
} from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson } from '../support/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

it('a deletion racing a consent, a refresh, an export, a claim, a logo upload: never 5xx, nothing of the person left', async () => {
  const dev = await createUser(server);
  const app = await insertClient(server, dev, { name: 'Raced App' });
  const services = (await (await server.fetch('/api/services')).json()) as {
    services: { slug: string; status: string }[];
  };
  const claimable = services.services.find((s) => s.status === 'active')?.slug ?? '';
  const picture = await pngBytes(1200);
  const problems: string[] = [];
  for (let round = 0; round < 24; round++) {
    const person = await createUser(server);
    const tokens = await issueTokens(server, app, person);
    const jar = CookieJar.of(person);
    const { challenge } = pkce();
    const uid = await startAuthorization(server, jar, authorizeUrl(app, { challenge, scope: 'profile' }));
    const body = await decisionBody(server, jar, uid, person, true);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'logo.png');
    const delay = (ms: number, f: () => Promise<Response>) => new Promise<Response>((r) => setTimeout(() => r(f()), ms));
    const t0 = Date.now();
    const results = await Promise.all([
      server.fetch('/api/me/account', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', ...person.authHeader },
        body: JSON.stringify({ email: person.email, password: person.password }),
      }).then((r) => (console.log('deleted after', Date.now() - t0), r)),
      delay(round * 4, () =>
        jar.fetch(server, `/oauth2/consent/${uid}/decision`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...person.authHeader },
          body,
        }),
      ),
      delay(round * 4, () => tokenRequest(server, app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })),
      delay(round * 4, () => server.fetch('/api/me/account/export', { headers: person.authHeader })),
      delay(round * 4, () => postJson(server, '/api/me/claims', { slug: claimable }, person.authHeader)),
      server.fetch('/api/developer/logos', { method: 'POST', headers: person.authHeader, body: form }),
    ]);
    const names = ['delete', 'decision', 'refresh', 'export', 'claim', 'logo'];
    results.forEach((r, i) => {
      if (r.status >= 500) problems.push(`round ${round}: ${names[i]} answered ${r.status}`);
    });
    console.log(round, results.map((r, i) => `${names[i]}=${r.status}`).join(' '));
    const left = await server.deps.dbHandle.db
      .selectFrom('oidc_models')
      .select(['model'])
      .where('account_id', '=', person.id)
      .execute();
    if (left.length) problems.push(`round ${round}: oidc_models left: ${left.map((l) => l.model).join(',')}`);
    if (existsSync(join(server.config.dataDir, 'storage', 'oauth2-logos', person.id)))
      problems.push(`round ${round}: logo folder of the deleted account exists`);
  }
  expect(problems).toEqual([]);
}, 120_000);
