import { CONSENT_API } from '@omnia/contracts/consent';
import { sql } from 'kysely';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, type Interop, startInterop } from '../interop/support';
import { insertClient, REDIRECT_URI } from '../oauth/flow';
import { createUser } from '../support/users';
import { setSecurity } from './fixture';

/*
 * 'Not you? Switch account' started the request again from the browser: for a pushed request
 * (RFC 9126) of an app that must push, the engine refused that with invalid_request, and an app
 * that pushed of its own accord saw its parameters moved into the URL. After the sign-out, the
 * switch now goes back to the app's redirect URI (login_required, its state, the issuer), so it
 * pushes a new request, which meets whoever signs in.
 */
const NATIVE_REDIRECT = 'com.example.app:/oauth2redirect';
let env: Interop;
beforeAll(async () => {
  env = await startInterop();
});
afterAll(() => env?.server.close());

describe("'Switch account' on a pushed request", () => {
  it('goes back to the app with login_required; its new pushed request is for whoever signs in', async () => {
    const { server } = env;
    const owner = await createUser(server);
    const other = await createUser(server);
    const app = await insertClient(server, owner, { name: 'PAR only' });
    await setSecurity(server, owner, app, { require_par: true });
    const config = await oidc.discovery(new URL(server.url), app.clientId, app.clientSecret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const pushed = () =>
      oidc.buildAuthorizationUrlWithPAR(config, {
        redirect_uri: REDIRECT_URI,
        scope: 'openid profile',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        state: 'st',
      });
    // The owner's browser opens the app's request: the consent screen, with its switch.
    const jar = CookieJar.of(owner);
    const url = await pushed();
    const first = await jar.fetch(server, `${url.pathname}${url.search}`);
    const uid = (first.headers.get('location') ?? '').split('/').pop() ?? '';
    const details = (await (
      await jar.fetch(server, CONSENT_API.details(uid), { headers: owner.authHeader })
    ).json()) as { restart_url: string; restart_at_app?: true };
    // Opened after the sign-out: the app's redirect URI, telling it to push a new request.
    expect(details.restart_at_app).toBe(true);
    const back = new URL(details.restart_url);
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      error: 'login_required',
      state: 'st',
      iss: config.serverMetadata().issuer,
    });
    // A relying-party library reads it as the answer to its request (state and issuer check out).
    await expect(
      oidc.authorizationCodeGrant(config, back, { expectedState: 'st', pkceCodeVerifier: 'v'.repeat(43) }),
    ).rejects.toMatchObject({ error: 'login_required' });

    // Signed in as the other person, the app pushes again: the screen is theirs.
    jar.signOut().signIn(other);
    const again = await pushed();
    const next = await jar.fetch(server, `${again.pathname}${again.search}`);
    const nextUid = (next.headers.get('location') ?? '').split('/').pop() ?? '';
    const nextDetails = await jar.fetch(server, CONSENT_API.details(nextUid), { headers: other.authHeader });
    expect(nextDetails.status).toBe(200);
  });

  /** A public native app that must push, to a private-use scheme, with the given response mode. */
  async function nativePushed(responseMode?: string) {
    const { server } = env;
    const owner = await createUser(server);
    const app = await insertClient(server, owner, { name: 'Native pushing' });
    // Made native in place (the console never changes an app's kind).
    await sql`update oauth2_clients set app_type = 'native', client_secret = null,
      redirect_uris = ${[NATIVE_REDIRECT]} where client_id = ${app.clientId}`.execute(
      server.deps.dbHandle.db,
    );
    await setSecurity(server, owner, app, { require_par: true });
    const pushed = await server.fetch('/oauth2/par', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: app.clientId,
        redirect_uri: NATIVE_REDIRECT,
        response_type: 'code',
        scope: 'openid profile',
        state: 'st',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        ...(responseMode ? { response_mode: responseMode } : {}),
      }),
    });
    expect(pushed.status).toBe(201);
    const { request_uri } = (await pushed.json()) as { request_uri: string };
    const jar = CookieJar.of(owner);
    const first = await jar.fetch(
      server,
      `/oauth2/authorize?${new URLSearchParams({ client_id: app.clientId, request_uri })}`,
    );
    const uid = (first.headers.get('location') ?? '').split('/').pop() ?? '';
    const res = await jar.fetch(server, CONSENT_API.details(uid), { headers: owner.authHeader });
    expect(res.status).toBe(200);
    return (await res.json()) as { restart_url: string; restart_at_app?: true };
  }

  it("tells a native app at its own scheme's redirect URI", async () => {
    const details = await nativePushed();
    expect(details.restart_at_app).toBe(true);
    const back = new URL(details.restart_url);
    expect(`${back.protocol}${back.pathname}`).toBe(NATIVE_REDIRECT);
    expect(back.searchParams.get('error')).toBe('login_required');
  });

  it('never moves a pushed form_post request into the URL: the sign-in page instead', async () => {
    const details = await nativePushed('form_post');
    expect(details).toMatchObject({ restart_url: '/' });
    expect(details.restart_at_app).toBeUndefined();
  });
});
