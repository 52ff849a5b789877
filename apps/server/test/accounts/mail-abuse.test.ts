import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, outboxFor, postJson, uniqueEmail } from '../support/users';
import { useEmailChangeServer } from './email-change-support';

/*
 * Omnia's own mail, turned against a stranger: whoever signs up with someone's address (or signs
 * in to their own account) writes the User-Agent a sign-in mail would name as the browser, and
 * many accounts can each ask to move their address to one person's. What such a mail says is
 * Omnia's own text, and a change of address to one address is asked five times an hour at most,
 * refused where the asker sees it.
 */
const { world } = useEmailChangeServer();
const CRAFTED = (i: number) =>
  `Your account is suspended - restore it at https://omnia-restore.example/${i}/1.0 (x`;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const deviceMails = async (email: string) =>
  (await outboxFor(world.server, email)).filter((m) => m.text_body.includes('device it has not used'));

describe('mail someone else can make Omnia send', () => {
  it('an unproven address gets no sign-in mail, whatever signs in with it', async () => {
    const email = uniqueEmail('victim');
    const password = 'plum orchard lantern 42';
    expect((await postJson(world.server, '/api/auth/signup', { email, password })).status).toBe(201);
    for (const ua of [FIREFOX, CRAFTED(1), CRAFTED(2)])
      expect(
        (await postJson(world.server, '/api/auth/login', { email, password }, { 'user-agent': ua })).status,
      ).toBe(200);
    expect(await deviceMails(email)).toEqual([]);
  });

  it("a sign-in mail names no browser from a User-Agent's free text, and such sign-ins count as one device", async () => {
    const user = await createUser(world.server);
    const login = (ua: string) =>
      postJson(
        world.server,
        '/api/auth/login',
        { email: user.email, password: user.password },
        { 'user-agent': ua },
      );
    // A real system, so that the first is a new device; the rest differ in their text alone.
    for (let i = 0; i < 4; i++) expect((await login(`(Windows NT 10.0) ${CRAFTED(i)}`)).status).toBe(200);
    const mails = await deviceMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).not.toContain('omnia-restore');
    expect(mails[0]?.html_body).not.toContain('omnia-restore');
  });

  it('many accounts asking to move their address to one person’s: five an hour, the rest refused to them', async () => {
    const stranger = uniqueEmail('stranger');
    const answers: number[] = [];
    for (let account = 0; account < 2; account++) {
      const user = await createUser(world.server);
      for (let i = 0; i < 4; i++) {
        const res = await postJson(
          world.server,
          '/api/me/account/email',
          { email: stranger, password: user.password },
          user.authHeader,
        );
        answers.push(res.status);
      }
    }
    expect(answers).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    expect(await outboxFor(world.server, stranger)).toHaveLength(5);
  });
  it('the five an hour count every spelling of the address the database takes for one', async () => {
    // lower() makes both ΟΔΥΣΣΕΥΣ and οδυσσευσ …σ; JavaScript would make the first …ς.
    const domain = `stranger-${randomBytes(4).toString('hex')}.example.test`;
    const answers: number[] = [];
    for (const email of [`ΟΔΥΣΣΕΥΣ@${domain}`, `οδυσσευσ@${domain}`]) {
      const user = await createUser(world.server);
      for (let i = 0; i < 4; i++) {
        const res = await postJson(
          world.server,
          '/api/me/account/email',
          { email, password: user.password },
          user.authHeader,
        );
        answers.push(res.status);
      }
    }
    expect(answers).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
  });
});
