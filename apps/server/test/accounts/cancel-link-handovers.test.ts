import { DEVELOPER_API } from '@omnia/contracts/developer';
import { MEMBERS_API } from '@omnia/contracts/members';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { giveProfile } from '../conformance/rp';
import { register, send } from '../developer/helpers';
import { createUser, secondSessionOf, uniqueEmail } from '../support/users';
import { useEmailChangeServer } from './email-change-support';

/*
 * Whoever held the account until the cancel link may have handed the owner's app to an account of
 * their own (added it as a member, offered the app, accepted from there): the cancel gives the app
 * back, and that account leaves it. An offer still standing is withdrawn: accepted after the cancel,
 * it would hand the app over for good.
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

  it('withdraws an offer made meanwhile to a long-standing member, who can no longer accept it', async () => {
    const { server } = world;
    const db = server.deps.dbHandle.db;
    const victim = await createUser(server);
    await giveProfile(server, victim, 'Victim Person');
    const app = await register(server, victim);
    const insider = await createUser(server);
    const { username } = await giveProfile(server, insider, 'Insider Person');
    // A member for a month, before the cancel link's window: the cancel keeps them.
    expect((await send(server, victim, 'POST', MEMBERS_API.members(app.id), { username })).status).toBe(201);
    await sql`update oauth2_client_members set added_at = now() - interval '30 days'
      where user_id = ${insider.id}`.execute(db);

    // Whoever holds the victim's account offers the app to that member, then moves the address.
    const inVictim = await secondSessionOf(server, victim);
    expect(
      (await send(server, inVictim, 'POST', MEMBERS_API.transfer(app.id), { user_id: insider.id })).status,
    ).toBe(200);
    expect((await calls.request(inVictim, uniqueEmail('intruder'))).status).toBe(202);
    expect((await calls.cancel(await calls.cancelLink(victim.email))).status).toBe(200);

    // Accepted only now: refused, and the app stays with its owner, the member still a member.
    const accepted = await send(server, insider, 'POST', MEMBERS_API.acceptTransfer(app.id));
    expect(accepted.status).toBe(400);
    expect(await accepted.json()).toMatchObject({ error: { message: expect.stringMatching(/offer/i) } });
    const owner = await db
      .selectFrom('oauth2_clients')
      .select('user_id')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(owner.user_id).toBe(victim.id);
    expect((await send(server, insider, 'GET', MEMBERS_API.members(app.id))).status).toBe(200);
  });
});
