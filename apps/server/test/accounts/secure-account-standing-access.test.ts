import { DEVELOPER_API } from '@omnia/contracts/developer';
import { MEMBERS_API, type MembersResponse } from '@omnia/contracts/members';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { giveProfile } from '../conformance/rp';
import { register, send } from '../developer/helpers';
import { initialToken, registerWith } from '../fapi/registration-support';
import { createUser, secondSessionOf, uniqueEmail } from '../support/users';
import { useEmailChangeServer } from './email-change-support';

/*
 * The old address's cancel link ('Cancel the change and secure my account') ends sessions, apps'
 * access and second factors added since. An intruder who had a session (they knew the password:
 * they asked for the change) may also have made ways back in that are none of those: their own
 * account added as a member of the owner's apps, and a token that registers apps in the owner's
 * name. Both end with the cancel; a member the owner added before that time stays.
 */
const { world, ...calls } = useEmailChangeServer();

describe("'Secure your account' (the cancel link) after an intruder had a session", () => {
  it('removes the members added since: the intruder no longer reads the app’s secret', async () => {
    const { server } = world;
    const victim = await createUser(server);
    await giveProfile(server, victim, 'Victim Person');
    const app = await register(server, victim);
    const colleague = await createUser(server);
    const { username: colleagueName } = await giveProfile(server, colleague, 'Colleague Person');
    expect(
      (await send(server, victim, 'POST', MEMBERS_API.members(app.id), { username: colleagueName })).status,
    ).toBe(201);
    // The colleague was added long before (eight days).
    await sql`update oauth2_client_members set added_at = now() - interval '8 days'
      where user_id = ${colleague.id}`.execute(server.deps.dbHandle.db);
    const intruder = await createUser(server);
    const { username } = await giveProfile(server, intruder, 'Intruder Person');

    const inVictim = await secondSessionOf(server, victim);
    expect((await send(server, inVictim, 'POST', MEMBERS_API.members(app.id), { username })).status).toBe(
      201,
    );
    expect((await calls.request(inVictim, uniqueEmail('intruder'))).status).toBeLessThan(300);

    // The owner presses "Cancel the change and secure my account".
    const cancelled = await calls.cancel(await calls.cancelLink(victim.email));
    expect(cancelled.status).toBe(200);
    // Every session of the victim's account did end (what the page says)...
    expect((await send(server, inVictim, 'GET', '/api/me/sessions')).status).toBe(401);

    // ...and the intruder's own account no longer manages the app; the colleague still does.
    expect((await send(server, intruder, 'GET', MEMBERS_API.members(app.id))).status).toBe(404);
    expect((await send(server, intruder, 'GET', DEVELOPER_API.secret(app.id))).status).toBe(404);
    const members = await send(server, colleague, 'GET', MEMBERS_API.members(app.id));
    expect(members.status).toBe(200);
    const { members: listed } = (await members.json()) as MembersResponse;
    expect(listed.map((m) => m.user_id).sort()).toEqual([victim.id, colleague.id].sort());
    // The app's history says so, as when the owner removes a member.
    const history = await server.deps.dbHandle.db
      .selectFrom('oauth2_client_changes')
      .select('after')
      .where('client_id', '=', app.client_id)
      .execute();
    expect(history.map((h) => h.after)).toContainEqual({ removed: username });
  });

  it('ends the tokens that register apps in the account’s name', async () => {
    const { server } = world;
    const victim = await createUser(server);
    const inVictim = await secondSessionOf(server, victim);
    const { token } = await initialToken(server, inVictim, 5);
    expect((await calls.request(inVictim, uniqueEmail('intruder'))).status).toBeLessThan(300);

    const cancelled = await calls.cancel(await calls.cancelLink(victim.email));
    expect(cancelled.status).toBe(200);

    // The intruder's token, made in the victim's name, registers nothing any more.
    const made = await registerWith(server, token, {
      client_name: 'Made after the owner secured the account',
      redirect_uris: ['https://intruder.example/cb'],
      scope: 'openid profile email',
    });
    const owned = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select('name')
      .where('user_id', '=', victim.id)
      .execute();
    expect({ status: made.status, apps: owned.map((a) => a.name) }).toEqual({ status: 401, apps: [] });
  });
});
