import { DEVELOPER_API } from '@omnia/contracts/developer';
import { MEMBERS_API } from '@omnia/contracts/members';
import { describe, expect, it } from 'vitest';
import { giveProfile } from '../conformance/rp';
import { register, send } from '../developer/helpers';
import { createUser, secondSessionOf, uniqueEmail } from '../support/users';
import { useEmailChangeServer } from './email-change-support';

/*
 * Whoever held the account until the cancel link may have handed the owner's app to an account of
 * their own (added it as a member, offered the app, accepted from there): the cancel gives the app
 * back, and that account leaves it.
 */
const { world, ...calls } = useEmailChangeServer();

describe('the cancel link after an intruder handed the owner’s app to themselves', () => {
  it('gives the app back to the owner; the account it went to no longer manages it', async () => {
    const { server } = world;
    const victim = await createUser(server);
    await giveProfile(server, victim, 'Victim Person');
    const app = await register(server, victim);
    const intruder = await createUser(server);
    const { username } = await giveProfile(server, intruder, 'Intruder Person');

    // The intruder, in a session on the victim's account (they know the password)...
    const inVictim = await secondSessionOf(server, victim);
    expect((await send(server, inVictim, 'POST', MEMBERS_API.members(app.id), { username })).status).toBe(
      201,
    );
    expect(
      (await send(server, inVictim, 'POST', MEMBERS_API.transfer(app.id), { user_id: intruder.id })).status,
    ).toBe(200);
    // ...accepts from their own account, then moves the victim's address.
    expect((await send(server, intruder, 'POST', MEMBERS_API.acceptTransfer(app.id))).status).toBe(200);
    expect((await calls.request(inVictim, uniqueEmail('intruder'))).status).toBe(202);

    // The owner presses 'Cancel the change and secure my account'.
    const cancelled = await calls.cancel(await calls.cancelLink(victim.email));
    expect(cancelled.status).toBe(200);

    const owner = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select('user_id')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(owner.user_id).toBe(victim.id);
    expect((await send(server, intruder, 'GET', DEVELOPER_API.secret(app.id))).status).toBe(404);
    expect((await send(server, intruder, 'GET', MEMBERS_API.members(app.id))).status).toBe(404);
  });
});
