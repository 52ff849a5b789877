import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLocalJWKSet, type JSONWebKeySet, type JWK, jwtVerify } from 'jose';
import type { Db } from '../../db/connect';
import { createRateLimiter, exceeded, type RateRule } from '../ratelimit';
import { readFormBody } from './form-body';

/** What introspection asks the APIs module: whose credentials these are, whether an app may still call it. */
export interface ApiCredentials {
  /** The API these credentials are; when they are not, whether the credential id is an API's. */
  byCredentials(
    credentialId: string,
    secret: string,
  ): Promise<{ ok: true; api: { identifier: string } } | { ok: false; known: boolean }>;
  /** The scopes of the API the app may get now; undefined when it may not call it any more. */
  allowedScopes(identifier: string, clientId: string): Promise<string[] | undefined>;
}

/**
 * Wrong API credentials, per API and client address (every unknown credential id on one counter
 * per address): a secret of 256 bits is not guessed, a scan is told to stop.
 */
export const API_INTROSPECTION_FAILURES: RateRule = { points: 20, windowSeconds: 15 * 60 };

/** The prefix of an API's credential id (an app's client id starts with `omnia_`). */
const API_CREDENTIAL = /^api_[A-Za-z0-9_-]{1,64}$/;

/** HTTP Basic credentials as RFC 6749 §2.3.1 encodes them (form-urlencoded id and secret). */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    const id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
    const secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    return { id, secret };
  } catch {
    return undefined;
  }
}

/** The public half of the engine's signing keys (what /oauth2/jwks serves). */
function publicKeys(jwks: { keys: readonly JWK[] }): JSONWebKeySet {
  return {
    keys: jwks.keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) => ({
      kty,
      n,
      e,
      crv,
      x,
      y,
      kid,
      alg,
      use,
    })),
  };
}

function reply(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/**
 * Introspection by a developer's API (RFC 7662 with RFC 9068 tokens): the API authenticates with
 * its own credentials (HTTP Basic) and learns about a token only when it is the token's audience.
 * The engine cannot introspect JWT access tokens (it keeps none of them), so these requests are
 * answered here: the signature, issuer, type, audience and expiry are checked as the API would
 * check them offline, and then what an offline check cannot see: that the app may still call the
 * API and, for a person's token, that it was not revoked and they have not disconnected the app; the scopes it reports
 * are those the app may still get and the person still grants. Anything else reads
 * `{"active": false}`, as RFC 7662 §2.2 asks.
 */
export function createApiIntrospection(deps: {
  db: Db;
  issuer: string;
  /** The engine's keys now: they change when a signing key rotates (signing-keys.ts). */
  jwks: () => { keys: readonly JWK[] };
  apis: ApiCredentials;
  /** The API's scopes a person's consent still grants the app; undefined once they disconnected it. */
  grantedScopes: (accountId: string, clientId: string, audience: string) => Promise<string[] | undefined>;
  /** Whether a person's token (by its jti) is still recorded: not revoked (api-token-records.ts). */
  tokenLive: (jti: string) => Promise<boolean>;
  clientIp: (req: IncomingMessage) => string | undefined;
  rateKeyOf: (ip: string | undefined) => string;
}) {
  let verifying: { from: { keys: readonly JWK[] }; keys: ReturnType<typeof createLocalJWKSet> } | undefined;
  const keysNow = () => {
    const jwks = deps.jwks();
    if (verifying?.from !== jwks) verifying = { from: jwks, keys: createLocalJWKSet(publicKeys(jwks)) };
    return verifying.keys;
  };
  const limiter = createRateLimiter(deps.db);

  async function active(token: string, audience: string): Promise<Record<string, unknown> | undefined> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keysNow(), {
        issuer: deps.issuer,
        audience,
        typ: 'at+jwt',
        algorithms: ['RS256'],
      }));
    } catch {
      return undefined;
    }
    const clientId = typeof payload.client_id === 'string' ? payload.client_id : undefined;
    const sub = typeof payload.sub === 'string' ? payload.sub : undefined;
    if (!clientId || !sub) return undefined;
    const allowed = await deps.apis.allowedScopes(audience, clientId);
    if (!allowed) return undefined;
    // A person's token: its grant not revoked, and the app still connected with these scopes.
    const person = sub !== clientId;
    if (person && (typeof payload.jti !== 'string' || !(await deps.tokenLive(payload.jti)))) return undefined;
    const granted = person ? await deps.grantedScopes(sub, clientId, audience) : allowed;
    if (!granted) return undefined;
    // What the token still counts for: its scopes the app may get and the person still grants.
    const asked = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
    const scopes = asked.filter((s) => allowed.includes(s) && granted.includes(s));
    // A person's token for nothing left of the API (or never anything: a refresh after the
    // consent was narrowed to none still gets one without scope) is no access at all. A service's
    // token without scope (it asked for none) is as it was issued.
    if (scopes.length === 0 && (person || asked.length)) return undefined;
    const { exp, iat, jti, iss, cnf } = payload;
    const scope = scopes.length ? scopes.join(' ') : undefined;
    // A DPoP-bound token names its key (RFC 9449 §6.2): the API checks the proof against it.
    const bound = typeof (cnf as { jkt?: unknown } | undefined)?.jkt === 'string';
    return {
      active: true,
      iss,
      sub,
      client_id: clientId,
      aud: audience,
      scope,
      exp,
      iat,
      jti,
      token_type: bound ? 'DPoP' : 'Bearer',
      ...(bound ? { cnf } : {}),
    };
  }

  return {
    /** A request this answers: an introspection with an API's credentials. */
    claims(req: IncomingMessage): boolean {
      const credentials = basicCredentials(req.headers.authorization);
      return credentials !== undefined && API_CREDENTIAL.test(credentials.id);
    },
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const credentials = basicCredentials(req.headers.authorization);
      const checked = credentials && (await deps.apis.byCredentials(credentials.id, credentials.secret));
      if (!checked?.ok) {
        // Past the budget, that API's failures from this address are told to stop. Its right
        // secret is never refused: nobody sharing its address (a NAT) can lock an API out.
        const named = credentials && checked?.known ? credentials.id : '-';
        const key = `api-introspection:${named}:ip:${deps.rateKeyOf(deps.clientIp(req))}`;
        const failures = await limiter.hit(key, API_INTROSPECTION_FAILURES);
        if (exceeded(failures, API_INTROSPECTION_FAILURES)) {
          reply(
            res,
            429,
            { error: 'invalid_client', error_description: 'too many failed client authentications' },
            { 'Retry-After': String(failures.resetInSeconds) },
          );
          return;
        }
        reply(
          res,
          401,
          { error: 'invalid_client', error_description: 'client authentication failed' },
          { 'WWW-Authenticate': 'Basic realm="introspection"' },
        );
        return;
      }
      const form = req.method === 'POST' ? await readFormBody(req) : undefined;
      const token = form?.getAll('token');
      if (!form || token?.length !== 1 || !token[0]) {
        reply(res, 400, {
          error: 'invalid_request',
          error_description: 'send one token, by POST, form-encoded',
        });
        return;
      }
      reply(res, 200, (await active(token[0], checked.api.identifier)) ?? { active: false });
    },
  };
}
