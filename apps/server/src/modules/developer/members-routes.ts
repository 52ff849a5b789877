import { addMemberSchema, transferSchema } from '@omnia/contracts/members';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { parseJson } from '../../http/validate';
import { isUuid } from '../../ids';
import type { ClientMembers } from '../clients';

/** A path's uuid (an app's id, a member's id): anything else is a missing resource. */
function uuidParam(c: Context<AppEnv>, name: string): string {
  const value = c.req.param(name) ?? '';
  if (!isUuid(value)) throw new AppError('not_found');
  return value;
}

/** /api/developer/clients/:id/members and /transfer: who manages an app, and who owns it. */
export function memberRoutes(deps: {
  guard: MiddlewareHandler<AppEnv>;
  fresh: MiddlewareHandler<AppEnv>;
  members: ClientMembers;
}) {
  const { guard, fresh, members } = deps;
  return (
    new Hono<AppEnv>()
      .get('/clients/:id/members', guard, async (c) =>
        c.json(await members.list(c.get('userId'), uuidParam(c, 'id'))),
      )
      .post('/clients/:id/members', guard, fresh, async (c) => {
        const id = uuidParam(c, 'id');
        const { username } = await parseJson(c, addMemberSchema);
        return c.json(await members.add(c.get('userId'), id, username), 201);
      })
      .delete('/clients/:id/members/:member', guard, fresh, async (c) => {
        await members.remove(c.get('userId'), uuidParam(c, 'id'), uuidParam(c, 'member'));
        return c.body(null, 204);
      })
      .post('/clients/:id/transfer', guard, fresh, async (c) => {
        const id = uuidParam(c, 'id');
        const { user_id } = await parseJson(c, transferSchema);
        return c.json(await members.offer(c.get('userId'), id, user_id));
      })
      // Withdrawing or declining an offer gives nothing away: no step-up.
      .delete('/clients/:id/transfer', guard, async (c) => {
        await members.withdrawOffer(c.get('userId'), uuidParam(c, 'id'));
        return c.body(null, 204);
      })
      .post('/clients/:id/transfer/accept', guard, fresh, async (c) =>
        c.json(await members.accept(c.get('userId'), uuidParam(c, 'id'))),
      )
  );
}
