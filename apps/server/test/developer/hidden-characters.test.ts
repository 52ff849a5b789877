import { DEVELOPER_API } from '@omnia/contracts/developer';
import { MESSAGES } from '@omnia/contracts/messages';
import { describe, expect, it } from 'vitest';
import { initialToken, registerWith, useDeveloperServer } from '../fapi/registration-support';
import { send, validClient } from './helpers';

/*
 * An app's name is what people trust on the consent screen. With a right-to-left override,
 * "Notes \u202eppa laiciffo ainmO" shows as "Notes Omnia official app" to people, while the
 * operator's list prints the override as '?'. Such characters are refused where an app is named,
 * in the console and by a tool (RFC 7591), and nothing is registered.
 */
const w = useDeveloperServer();
const DISGUISED = 'Notes \u202eppa laiciffo ainmO';
const count = async () =>
  (
    await w.server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('an app named with characters that disguise it', () => {
  it('is refused in the console, under its field', async () => {
    const before = await count();
    const res = await send(
      w.server,
      w.developer,
      'POST',
      DEVELOPER_API.clients,
      validClient({ name: DISGUISED }),
    );
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(error.fields.name).toBe(MESSAGES.textHasHiddenCharacters);
    expect(await count()).toBe(before);
  });

  it('is refused to a tool, as invalid metadata', async () => {
    const { token } = await initialToken(w.server, w.developer);
    const before = await count();
    const res = await registerWith(w.server, token, {
      client_name: DISGUISED,
      redirect_uris: ['https://app.example.com/cb'],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_client_metadata' });
    expect(await count()).toBe(before);
  });
});
