import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../src/crypto/secret-box';
import { CLIENT_SECRET_PURPOSE } from '../../src/modules/clients/credentials';
import { PKCE_REQUIRED_DESCRIPTIONS } from '../../src/modules/oauth/authorization-errors';
import {
  authorizeUrl,
  CookieJar,
  decide,
  insertClient,
  pastRetryWindow,
  pkce,
  REDIRECT_URI,
  startAuthorization,
  type TestClient,
  tokenRequest,
} from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/** RFC 9700 (OAuth 2.0 Security Best Current Practice), one test per point. */
let server: TestServer;
let user: TestUser;
let client: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createUser(server);
  user = await createUser(server);
  client = await insertClient(server, owner);
}, 60_000);
afterAll(() => server?.close());

const errorPage = async (url: string) => {
  const res = await server.fetch(url, { redirect: 'manual' });
  return new URL(res.headers.get('location') ?? '', server.url);
};

async function issue(scope = 'profile email') {
  const jar = new CookieJar();
  const { verifier, challenge } = pkce();
  const uid = await startAuthorization(
    server,
    jar,
    authorizeUrl(client, { challenge, scope, state: 'st-1' }),
  );
  const back = await decide(server, jar, uid, user, true);
  const code = back.searchParams.get('code') ?? '';
  const exchange = () =>
    tokenRequest(server, client, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
  return { back, code, exchange };
}

describe('RFC 9700 §4.1: redirect URIs match exactly', () => {
  const { challenge } = pkce();
  it.each([
    ['a prefix of a registered URI', `${REDIRECT_URI}/more`],
    ['a different case', REDIRECT_URI.replace('callback', 'Callback')],
    ['an added fragment', `${REDIRECT_URI}#frag`],
    ['an added query', `${REDIRECT_URI}?x=1`],
    ['another host', 'https://evil.example/callback'],
  ])('%s is refused on our error page, never redirected to', async (_name, redirectUri) => {
    const location = await errorPage(authorizeUrl(client, { challenge, redirectUri }));
    expect(location.origin).toBe(new URL(server.url).origin);
    expect(location.pathname).toBe('/oauth2/consent/error');
  });
});

describe('RFC 9700 §2.1.1 / §4.8: PKCE is required, S256 only', () => {
  it('a request without code_challenge is refused, saying a nonce-based web app may turn PKCE off', async () => {
    const res = await server.fetch(authorizeUrl(client), { redirect: 'manual' });
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toBe(PKCE_REQUIRED_DESCRIPTIONS.confidential);
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('iss')).toBe(server.config.publicUrl);
  });
  it('the plain method is refused', async () => {
    const url = `${authorizeUrl(client)}&code_challenge=${'a'.repeat(43)}&code_challenge_method=plain`;
    const res = await server.fetch(url, { redirect: 'manual' });
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });
  it('a wrong code_verifier is refused', async () => {
    const { code } = await issue();
    const res = await tokenRequest(server, client, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: pkce().verifier,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
  });
});

describe('RFC 9700 §4.5: codes are single-use; replay revokes what they issued', () => {
  it('the second exchange fails and the first access token stops working', async () => {
    const { exchange } = await issue();
    const first = (await (await exchange()).json()) as { access_token: string };
    expect((await exchange()).status).toBe(400);
    const info = await server.fetch('/oauth2/userinfo', {
      headers: { authorization: `Bearer ${first.access_token}` },
    });
    expect(info.status).toBe(401);
  });
});

describe('RFC 9700 §4.14: refresh tokens rotate; reuse revokes the grant', () => {
  it('presenting a used refresh token ends every token of the grant', async () => {
    const { exchange } = await issue();
    const first = (await (await exchange()).json()) as { refresh_token: string };
    const second = (await (
      await tokenRequest(server, client, { grant_type: 'refresh_token', refresh_token: first.refresh_token })
    ).json()) as { access_token: string; refresh_token: string };
    await pastRetryWindow(server, first.refresh_token);
    expect(
      (
        await tokenRequest(server, client, {
          grant_type: 'refresh_token',
          refresh_token: first.refresh_token,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await tokenRequest(server, client, {
          grant_type: 'refresh_token',
          refresh_token: second.refresh_token,
        })
      ).status,
    ).toBe(400);
  });

  it('the used token back after its successor was used is a reuse, even within the retry window', async () => {
    const { exchange } = await issue();
    const first = (await (await exchange()).json()) as { refresh_token: string };
    const refresh = async (token: string) =>
      tokenRequest(server, client, { grant_type: 'refresh_token', refresh_token: token });
    const second = (await (await refresh(first.refresh_token)).json()) as { refresh_token: string };
    const third = (await (await refresh(second.refresh_token)).json()) as {
      access_token: string;
      refresh_token: string;
    };
    // A stolen copy of the first token, played once the app has moved on: the family ends.
    expect((await refresh(first.refresh_token)).status).toBe(400);
    expect((await refresh(third.refresh_token)).status).toBe(400);
    const info = await server.fetch('/oauth2/userinfo', {
      headers: { authorization: `Bearer ${third.access_token}` },
    });
    expect(info.status).toBe(401);
  });
});

describe('RFC 9700 §4.7 / RFC 9207: state is echoed and iss is sent', () => {
  it('the redirect carries state and the issuer', async () => {
    const { back } = await issue();
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('iss')).toBe(server.config.publicUrl);
  });
});

describe('RFC 9700 §2.1.2 / §2.4: no implicit and no password grant', () => {
  it('response_type=token is refused', async () => {
    const { challenge } = pkce();
    const res = await server.fetch(authorizeUrl(client, { challenge, responseType: 'token' }), {
      redirect: 'manual',
    });
    const back = new URL(res.headers.get('location') ?? '');
    const error = new URLSearchParams(back.hash.slice(1)).get('error') ?? back.searchParams.get('error');
    expect(error).toBe('unsupported_response_type');
  });
  it('grant_type=password is refused', async () => {
    const res = await tokenRequest(server, client, {
      grant_type: 'password',
      username: user.email,
      password: user.password,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('unsupported_grant_type');
  });
  it('discovery advertises only the code flow and S256', async () => {
    const meta = (await (await server.fetch('/.well-known/openid-configuration')).json()) as Record<
      string,
      string[]
    >;
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.grant_types_supported).not.toContain('password');
    expect(meta.grant_types_supported).not.toContain('implicit');
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
  });
});

describe('secrets, codes and tokens at rest', () => {
  it('client secrets are stored encrypted (AES-256-GCM), never in the clear', async () => {
    const row = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select('client_secret')
      .where('client_id', '=', client.clientId)
      .executeTakeFirstOrThrow();
    expect(row.client_secret).not.toContain(client.clientSecret);
    expect(
      createSecretBox(server.config.secretKey, CLIENT_SECRET_PURPOSE).open(String(row.client_secret)),
    ).toBe(client.clientSecret);
  });
  it('codes, access and refresh tokens are keyed by hash and absent from stored payloads', async () => {
    const { code, exchange } = await issue();
    const tokens = (await (await exchange()).json()) as { access_token: string; refresh_token: string };
    const rows = await server.deps.dbHandle.db.selectFrom('oidc_models').select(['id', 'payload']).execute();
    const dump = JSON.stringify(rows);
    for (const secret of [code, tokens.access_token, tokens.refresh_token])
      expect(dump).not.toContain(secret);
  });
  it('a wrong secret of the right length is refused like any other (the engine compares in constant time)', async () => {
    const { code } = await issue();
    const wrong = `${client.clientSecret.slice(0, -1)}${client.clientSecret.endsWith('A') ? 'B' : 'A'}`;
    const res = await tokenRequest(
      server,
      client,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: 'x'.repeat(43) },
      wrong,
    );
    expect(res.status).toBe(401);
  });
});

describe('responses', () => {
  it('token responses are not cached', async () => {
    const { exchange } = await issue();
    const res = await exchange();
    expect(res.headers.get('cache-control')).toContain('no-store');
  });
  it('the consent screen cannot be framed', async () => {
    const res = await server.fetch('/oauth2/consent/some-uid');
    const csp = res.headers.get('content-security-policy') ?? '';
    const frameDenied = /frame-ancestors 'none'/.test(csp) || res.headers.get('x-frame-options') === 'DENY';
    expect(frameDenied).toBe(true);
  });
});
