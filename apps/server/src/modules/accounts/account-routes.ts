import { changeEmailSchema, deleteAccountSchema } from '@omnia/contracts/auth';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AccessVerifier } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { parseJson } from '../../http/validate';
import { type BrowserSessionCookie, clearEngineSession, type RefreshCookie } from './cookies';
import type { AccountDeletion } from './deletion';
import type { EmailChange } from './email-change';
import type { createDataExport } from './export';

/** DELETE /api/me/account: the caller's own account, everything of it, and this browser's cookies. */
export function accountRoutes(deps: {
  guard: MiddlewareHandler<AppEnv>;
  /** A fresh sign-in or 'Confirm it's you' (step-up). */
  fresh: MiddlewareHandler<AppEnv>;
  verifier: AccessVerifier;
  deletion: AccountDeletion;
  dataExport: ReturnType<typeof createDataExport>;
  emailChange: EmailChange;
  cookie: RefreshCookie;
  browserSession: BrowserSessionCookie;
}) {
  return (
    new Hono<AppEnv>()
      .post('/email', deps.guard, async (c) => {
        const auth = await deps.verifier.authenticate(c.req.header('authorization'));
        await deps.emailChange.request(auth, await parseJson(c, changeEmailSchema), {
          ip: c.get('clientIp') ?? null,
        });
        // The same answer whether or not the address has an account (no enumeration).
        return c.json({ ok: true as const }, 202);
      })
      .get('/email', deps.guard, async (c) => c.json(await deps.emailChange.pending(c.get('userId'))))
      .delete('/email', deps.guard, async (c) => {
        await deps.emailChange.cancelPending(c.get('userId'), { ip: c.get('clientIp') ?? null });
        return c.body(null, 204);
      })
      // Everything stored about the person in one file: a stolen access token alone must not take it.
      .get('/export', deps.guard, deps.fresh, async (c) => {
        const document = await deps.dataExport.export(c.get('userId'), c.get('clientIp') ?? null);
        c.header('Content-Disposition', 'attachment; filename="omnia-account.json"');
        return c.json(document);
      })
      .delete('/', deps.guard, async (c) => {
        const auth = await deps.verifier.authenticate(c.req.header('authorization'));
        await deps.deletion.delete(auth, await parseJson(c, deleteAccountSchema), {
          ip: c.get('clientIp') ?? null,
        });
        deps.cookie.clear(c);
        deps.browserSession.clear(c);
        clearEngineSession(c);
        return c.body(null, 204);
      })
  );
}
