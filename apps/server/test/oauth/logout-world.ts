import { DEVELOPER_API, type LogoutDeliveriesResponse, type OAuthClient } from '@omnia/contracts/developer';
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { register, send, validClient } from '../developer/helpers';
import { startTestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { importDocsExample } from './docs-examples';
import {
  authorizeAs,
  authorizeUrl,
  CookieJar,
  decide,
  pkce,
  REDIRECT_URI,
  redeemCode,
  startAuthorization,
  type TestClient,
} from './flow';
import { startLogoutReceiver } from './logout-receiver';

/**
 * The back-channel logout tests' world: a server, an approved web app of `owner` whose logout URI
 * is a real receiver (it validates each token with jose), the docs' verifyLogoutToken, and the
 * ways people sign in to it and the app's deliveries are read.
 */
export async function startLogoutWorld() {
  const server = await startTestServer();
  const owner = await createUser(server);
  const app = await register(server, owner, validClient({ redirect_uris: [REDIRECT_URI] }));
  const secret = await send(server, owner, 'GET', DEVELOPER_API.secret(app.id));
  const client: TestClient = {
    clientId: app.client_id,
    clientSecret: ((await secret.json()) as { client_secret: string }).client_secret,
    ownerId: owner.id,
  };
  // Approved, so that people other than its developer sign in to it.
  await server.deps.dbHandle.db
    .updateTable('oauth2_clients')
    .set({ status: 'approved' })
    .where('id', '=', app.id)
    .execute();
  const receiver = await startLogoutReceiver(server.config.publicUrl, app.client_id);
  const { verifyLogoutToken } = await importDocsExample<{
    verifyLogoutToken: (token: string, clientId: string) => Promise<{ sub?: string; sid?: string }>;
  }>('verify-logout-token', server.config.publicUrl);
  const set = await send(server, owner, 'PATCH', DEVELOPER_API.settings(app.id), {
    backchannel_logout_uri: receiver.uri,
  });
  expect(set.status).toBe(200);
  expect(((await set.json()) as { client: OAuthClient }).client.backchannel_logout_uri).toBe(receiver.uri);

  const deliveries = async () =>
    (
      (await (
        await send(server, owner, 'GET', DEVELOPER_API.logoutDeliveries(app.id))
      ).json()) as LogoutDeliveriesResponse
    ).deliveries;
  return {
    server,
    owner,
    app,
    client,
    receiver,
    verifyLogoutToken,
    deliveries,
    /** `person` signs in to the app (the owner in testing mode too): the tokens and their `sid`. */
    async signIn(person: TestUser) {
      const { back, verifier } = await authorizeAs(server, client, person);
      const tokens = (await (await redeemCode(server, client, back, verifier)).json()) as {
        id_token: string;
        access_token: string;
        refresh_token: string;
      };
      return { ...tokens, sid: decodeJwt(tokens.id_token).sid as string };
    },
    /** A new person signs in to the app in a browser of their own: the browser, the tokens and their `sid`. */
    async signInInBrowser() {
      const person = await createUser(server);
      const jar = CookieJar.of(person);
      const { challenge, verifier } = pkce();
      const uid = await startAuthorization(server, jar, authorizeUrl(client, { challenge }));
      const back = await decide(server, jar, uid, person, true);
      const tokens = (await (await redeemCode(server, client, back, verifier)).json()) as {
        id_token: string;
        refresh_token: string;
      };
      return { person, jar, tokens, sid: decodeJwt(tokens.id_token).sid };
    },
    /** The newest delivery once the worker has written its outcome (the app may answer first). */
    async newestSettled() {
      for (let i = 0; ; i++) {
        const [newest] = await deliveries();
        if ((newest && newest.state !== 'retrying') || i > 100) return newest;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await receiver.close();
      await server.close();
    },
  };
}
export type LogoutWorld = Awaited<ReturnType<typeof startLogoutWorld>>;
