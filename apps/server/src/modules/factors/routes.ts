import {
  type PasskeysResponse,
  passkeyNameSchema,
  passkeyRegistrationSchema,
  totpCodeSchema,
} from '@omnia/contracts/factors';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { parseJson } from '../../http/validate';
import type { FactorsService } from './service';

interface Deps {
  guard: MiddlewareHandler<AppEnv>;
  /** A proof no older than ten minutes (step-up), after the guard. */
  fresh: MiddlewareHandler<AppEnv>;
  /** 'Confirm it's you' answered in the last ten minutes; a sign-in does not count (accounts/step-up). */
  confirmed: MiddlewareHandler<AppEnv>;
  /** The same within two minutes. */
  justConfirmed: MiddlewareHandler<AppEnv>;
  factors: FactorsService;
  accountOf(userId: string): Promise<{ id: string; email: string } | undefined>;
  /** The session just verified a second factor (its first code): fresh for step-up. */
  markSecondFactor(sessionId: string): Promise<unknown>;
}

/** /api/me/factors and /api/me/recovery-codes: the caller's own second factors. */
export function factorsRoutes({
  guard,
  fresh,
  confirmed,
  justConfirmed,
  factors,
  accountOf,
  markSecondFactor,
}: Deps) {
  /** The caller's account, and the address the change comes from (for its activity line). */
  const owner = async (c: Context<AppEnv>) => {
    const account = await accountOf(c.get('userId'));
    if (!account) throw new AppError('unauthenticated');
    return { ...account, ip: c.get('clientIp') ?? null };
  };
  return (
    new Hono<AppEnv>()
      .get('/factors', guard, async (c) => c.json(await factors.overview(c.get('userId'))))
      // A way to sign in is added only after 'Confirm it's you', however fresh the sign-in: a
      // browser left signed in must not gain a factor of its own that outlives the session.
      .post('/factors/totp/setup', guard, confirmed, async (c) =>
        c.json(await factors.setupTotp(await owner(c))),
      )
      // Its first code counts as a fresh second factor: only a session confirmed to start it.
      .post('/factors/totp/verify', guard, confirmed, async (c) => {
        const { code } = await parseJson(c, totpCodeSchema);
        const added = await factors.confirmTotp(await owner(c), code);
        await markSecondFactor(c.get('sessionId'));
        return c.json(added);
      })
      .delete('/factors/totp', guard, justConfirmed, async (c) => {
        await factors.removeTotp(await owner(c));
        return c.body(null, 204);
      })
      // Cancelling a recovery request keeps the account safer: any signed-in session may.
      .post('/factors/keep', guard, async (c) => {
        if (!(await factors.cancelRecovery(await owner(c)))) throw new AppError('not_found');
        return c.body(null, 204);
      })
      .get('/passkeys', guard, async (c) =>
        c.json({ passkeys: await factors.passkeys.list(c.get('userId')) } satisfies PasskeysResponse),
      )
      .post('/passkeys/options', guard, confirmed, async (c) =>
        c.json(await factors.passkeys.registrationOptions(await owner(c))),
      )
      .post('/passkeys', guard, confirmed, async (c) => {
        const { response, name } = await parseJson(c, passkeyRegistrationSchema);
        const passkey = await factors.passkeys.register(
          { ...(await owner(c)), sessionId: c.get('sessionId') },
          response,
          name,
        );
        return c.json({ passkey }, 201);
      })
      // A fresh proof, as adding and removing: a stolen session cannot rename the owner's passkey
      // into one they would remove.
      .patch('/passkeys/:id', guard, fresh, async (c) => {
        const { name } = await parseJson(c, passkeyNameSchema);
        return c.json({ passkey: await factors.passkeys.rename(c.get('userId'), c.req.param('id'), name) });
      })
      .delete('/passkeys/:id', guard, fresh, async (c) => {
        await factors.passkeys.remove(await owner(c), c.req.param('id'));
        return c.body(null, 204);
      })
      // New codes are a way through the second step: confirmed, as adding a factor.
      .post('/recovery-codes', guard, confirmed, async (c) =>
        c.json(await factors.regenerateCodes(await owner(c))),
      )
  );
}
