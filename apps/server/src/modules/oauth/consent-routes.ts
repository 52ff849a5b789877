import { consentDecisionSchema } from '@omnia/contracts/developer';
import { type Context, Hono } from 'hono';
import type { BrowserSessionSigner } from '../../crypto/browser-session';
import { ConsentRefusal } from '../../errors';
import { apiBodyLimit, JSON_BODY_LIMIT } from '../../http/api-body-limit';
import type { AccessVerifier, AuthContext } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { onlyCookie } from '../../http/cookies';
import { toOAuthErrorResponse } from '../../http/error-mapper';
import type { ConsentService } from './consent-service';

/**
 * The person answering: the access token's session, which must be the Omnia session this browser
 * holds (its browser-session cookie), since that is the session the engine's sign-in is tied to.
 */
async function caller(
  deps: { verifier: AccessVerifier; signer: BrowserSessionSigner; browserCookie: string },
  c: Context<AppEnv>,
  required: boolean,
): Promise<AuthContext | null> {
  const header = c.req.header('authorization');
  if (!header && !required) return null;
  try {
    const auth = await deps.verifier.authenticate(header);
    if (!auth.emailConfirmed) throw new ConsentRefusal(403, 'access_denied', { code: 'email_not_confirmed' });
    const browser = deps.signer.verify(onlyCookie(c, deps.browserCookie));
    if (browser?.sessionId !== auth.sessionId) throw new Error('not the session this browser holds');
    return auth;
  } catch (err) {
    if (err instanceof ConsentRefusal) throw err;
    if (!required) return null;
    throw new ConsentRefusal(401, 'login_required', 'mustBeLoggedInToProceed');
  }
}

/**
 * /oauth2/consent/:uid/{details,decision}: under the interaction URL, where the engine's
 * path-scoped cookie is sent. Answers OAuth-style errors ({ error, error_description }).
 */
export function consentRoutes(
  deps: { verifier: AccessVerifier; signer: BrowserSessionSigner; browserCookie: string },
  consent: ConsentService,
) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
  app.onError(toOAuthErrorResponse);
  // A decision is `{"approved": true}`: the API's JSON limit is plenty (its routes are under /api,
  // these are not).
  app.use(
    apiBodyLimit(JSON_BODY_LIMIT, () => {
      throw new ConsentRefusal(413, 'invalid_request', { code: 'payload_too_large' });
    }),
  );
  app.get('/:uid/details', async (c) => {
    const auth = await caller(deps, c, false);
    const http = { req: c.env.incoming, res: c.env.outgoing };
    return c.json(await consent.details(http, c.req.param('uid'), auth));
  });
  app.post('/:uid/decision', async (c) => {
    const auth = (await caller(deps, c, true)) as AuthContext;
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      body = null;
    }
    const parsed = consentDecisionSchema.safeParse(body);
    if (!parsed.success) throw new ConsentRefusal(400, 'invalid_request', 'missingRequiredParameters');
    const http = { req: c.env.incoming, res: c.env.outgoing };
    const client = { ip: c.get('clientIp') ?? null };
    const { approved, shown } = parsed.data;
    // Allowing names what the screen showed: nothing unseen is granted (consent-service.ts decide).
    if (approved && !shown) throw new ConsentRefusal(400, 'invalid_request', 'missingRequiredParameters');
    return c.json(await consent.decide(http, c.req.param('uid'), auth, { approved, shown }, client));
  });
  return app;
}
