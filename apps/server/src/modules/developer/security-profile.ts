import { type ClientSecurity, clientSecuritySchema, securityIssues } from '@omnia/contracts/client-security';
import type { ClientResponse } from '@omnia/contracts/developer';
import { isMessageKey, type MessageKey } from '@omnia/contracts/messages';
import { Hono, type MiddlewareHandler } from 'hono';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { parseJson } from '../../http/validate';
import { isUuid } from '../../ids';
import type { ClientsService, StillManaged } from '../clients';

/**
 * An app's security profile (PAR, DPoP, private_key_jwt, FAPI 2.0; contracts' client-security.ts).
 * It applies at once, like the other settings: it narrows what the app may do, it never widens
 * whom it reaches. Recorded in the app's history and its manager's security activity (changes.ts).
 */
export function createSecurityProfiles(
  clients: ClientsService,
  /** Replaces the app's secret at once (no grace period), as 'Rotate secret' does. */
  rotateSecret: (userId: string, id: string) => Promise<unknown>,
) {
  return {
    /** `stillManaged`: only while it says so (an RFC 7592 update's token, under the app's lock). */
    async update(userId: string, id: string, security: ClientSecurity, stillManaged?: StillManaged) {
      // Someone else's app, a missing one and a malformed id all look the same.
      const current = isUuid(id) ? await clients.findOwned(userId, id) : undefined;
      if (!current) throw new AppError('not_found');
      // Parsed again: a caller other than the route (dynamic registration) may have merged it.
      const parsed = clientSecuritySchema.safeParse(security);
      // Every field's problem at once, the first field's message as the answer's.
      const issues = parsed.success
        ? securityIssues(current.app_type, parsed.data, [
            ...current.redirect_uris,
            ...(current.pending_change?.redirect_uris ?? []),
          ])
        : parsed.error.issues.map((i) => ({
            message: isMessageKey(i.message) ? i.message : ('jwksInvalid' as const),
            path: i.path,
          }));
      if (!parsed.success || issues.length) {
        const fields: Record<string, MessageKey> = {};
        for (const { message, path } of issues) fields[String(path[0] ?? 'security')] ??= message;
        const messageKey = issues[0]?.message ?? 'jwksInvalid';
        throw new AppError('validation_failed', { messageKey, fields });
      }
      // Back from a private key to a secret: a new one, never the secret it had before (which may
      // have been left behind on the assumption it no longer counted). The page shows it.
      if (current.security.auth_method === 'private_key_jwt' && parsed.data.auth_method === 'secret')
        await rotateSecret(userId, id);
      const changed = await clients.change(
        userId,
        id,
        { security: parsed.data },
        async () => undefined,
        stillManaged,
      );
      if (!changed) throw new AppError('not_found');
      return changed.client;
    },
  };
}
export type SecurityProfiles = ReturnType<typeof createSecurityProfiles>;

/** PUT /clients/:id/security (a fresh sign-in, like every other change of an app's credentials). */
export function securityProfileRoutes(deps: {
  guard: MiddlewareHandler<AppEnv>;
  fresh: MiddlewareHandler<AppEnv>;
  profiles: SecurityProfiles;
}) {
  return new Hono<AppEnv>().put('/clients/:id/security', deps.guard, deps.fresh, async (c) => {
    const security = await parseJson(c, clientSecuritySchema);
    const body: ClientResponse = {
      client: await deps.profiles.update(c.get('userId'), c.req.param('id'), security),
    };
    return c.json(body);
  });
}
