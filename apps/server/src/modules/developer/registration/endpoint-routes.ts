import { MESSAGES } from '@omnia/contracts/messages';
import { REGISTRATION_ENDPOINT } from '@omnia/contracts/registration';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from '../../../db/connect';
import { unstorableText } from '../../../db/unstorable-text';
import { AppError } from '../../../errors';
import { rateKeyOf } from '../../../http/client-address';
import type { AppEnv } from '../../../http/context';
import { createRateLimiter, exhausted, type RateRule } from '../../ratelimit';
import { MetadataError } from './metadata';
import { InvalidRegistrationToken, type Registrations } from './service';

/** Wrong registration tokens, per client address: 256-bit tokens are not guessed, a scan is stopped. */
const REGISTRATION_FAILURES: RateRule = { points: 20, windowSeconds: 15 * 60 };

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

/**
 * POST /oauth2/register (RFC 7591, with an initial access token) and GET, PUT, DELETE
 * /oauth2/register/:client_id (RFC 7592, with that registration's access token). Answers are
 * OAuth's: `{ error, error_description }`, 401 with WWW-Authenticate for a token that does not
 * count, never a 5xx for what a tool sent.
 */
export function registrationEndpointRoutes(deps: { db: Db; registrations: Registrations }) {
  const limiter = createRateLimiter(deps.db);
  const oauthError = (
    c: Context<AppEnv>,
    status: 400 | 401 | 405 | 429,
    error: string,
    description: string,
  ) => {
    if (status === 401) c.header('WWW-Authenticate', `Bearer error="${error}"`);
    return c.json({ error, error_description: description }, status);
  };
  /**
   * Runs `act` with the request's bearer token. A refused token counts against the address; past
   * the limit, refused tokens wait, while a valid one is still served (an office or a CI runner
   * shares its address with whoever sent the refused ones).
   */
  const withToken = async (c: Context<AppEnv>, act: (token: string) => Promise<Response>) => {
    c.header('Cache-Control', 'no-store');
    const key = `registration:ip:${rateKeyOf(c.get('clientIp'))}`;
    const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    try {
      if (!token) throw new InvalidRegistrationToken();
      return await act(token);
    } catch (err) {
      if (err instanceof InvalidRegistrationToken) {
        const failures = await limiter.peek(key);
        if (exhausted(failures, REGISTRATION_FAILURES)) {
          c.header('Retry-After', String(failures.resetInSeconds));
          return oauthError(c, 429, 'invalid_token', 'too many refused registration tokens');
        }
        await limiter.hit(key, REGISTRATION_FAILURES);
        return oauthError(c, 401, 'invalid_token', 'the token is unknown, expired, used up or revoked');
      }
      if (err instanceof MetadataError) return oauthError(c, 400, err.error, err.message);
      // The account registered as many apps as a day allows (developer/limits.ts).
      if (err instanceof AppError && err.code === 'rate_limited') {
        if (err.retryAfterSeconds) c.header('Retry-After', String(err.retryAfterSeconds));
        return oauthError(c, 429, 'rate_limited', err.message);
      }
      throw err;
    }
  };
  const body = async (c: Context<AppEnv>) => {
    let parsed: unknown;
    try {
      parsed = await c.req.json();
    } catch {
      throw new MetadataError('invalid_client_metadata', 'the body must be a JSON object of client metadata');
    }
    const unstorable = unstorableText(parsed);
    if (unstorable) throw new MetadataError('invalid_client_metadata', MESSAGES[unstorable]);
    return parsed;
  };
  const { registrations } = deps;
  return (
    new Hono<AppEnv>()
      .use(
        bodyLimit({
          maxSize: 64 * 1024,
          onError: (c) => oauthError(c, 400, 'invalid_client_metadata', 'the body is too large'),
        }),
      )
      .post('/', (c) =>
        withToken(c, async (token) => c.json(await registrations.register(token, await body(c)), 201)),
      )
      .get('/:clientId', (c) =>
        withToken(c, async (token) => c.json(await registrations.read(token, c.req.param('clientId')))),
      )
      .put('/:clientId', (c) =>
        withToken(c, async (token) =>
          // The body is read once the token counts: a bad token is said before bad metadata.
          c.json(await registrations.update(token, c.req.param('clientId'), () => body(c))),
        ),
      )
      .delete('/:clientId', (c) =>
        withToken(c, async (token) => {
          await registrations.remove(token, c.req.param('clientId'));
          return c.body(null, 204);
        }),
      )
      // Any other method (a GET typed in a browser's address bar): said here, never the web app's page.
      .all('*', (c) => {
        c.header(
          'Allow',
          c.req.path.replace(/\/+$/, '') === REGISTRATION_ENDPOINT ? 'POST' : 'GET, PUT, DELETE',
        );
        return oauthError(c, 405, 'invalid_request', 'this method is not served here');
      })
  );
}
