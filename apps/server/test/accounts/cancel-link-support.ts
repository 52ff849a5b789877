import { DEVELOPER_API, type OAuthClient, type SecretResponse } from '@omnia/contracts/developer';
import { expect } from 'vitest';
import { send } from '../developer/helpers';
import { ORDERS } from '../oauth/apis';
import type { TestServer } from '../support/test-server';
import { postJson, type TestUser, uniqueEmail } from '../support/users';
import { useEmailChangeServer } from './email-change-support';

/** Before the cancel link's window (the week before the request): what is this old stays. */
export const TEN_DAYS_AGO = new Date(Date.now() - 10 * 86_400_000);

/**
 * A server for the tests of what the cancel link undoes in the account's apps and APIs, and the
 * steps they share: the intruder's takeover and the owner's cancel, a secret read, a service's
 * token for an API.
 */
export function useCancelLinkWorld() {
  const { world, ...calls } = useEmailChangeServer();
  const db = () => world.server.deps.dbHandle.db;

  /** The scope a service's client_credentials request for the API gets, or its OAuth error. */
  async function serviceToken(clientId: string, secret: string, resource = ORDERS) {
    const res = await world.server.fetch('/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope: 'orders:read' }),
    });
    const body = (await res.json()) as { scope?: string; error?: string };
    return body.scope ?? body.error;
  }

  const secretOf = async (user: TestUser, app: OAuthClient) => {
    const res = await send(world.server, user, 'GET', DEVELOPER_API.secret(app.id));
    expect(res.status).toBe(200);
    return ((await res.json()) as SecretResponse).client_secret;
  };

  /**
   * The intruder moves the address away with `inVictim`; the owner uses the cancel link and sets
   * a new password with its reset token. The owner, with that password.
   */
  async function takenThenCancelled(victim: TestUser, inVictim: TestUser) {
    const intruderAddress = uniqueEmail('intruder');
    expect((await calls.request(inVictim, intruderAddress)).status).toBe(202);
    const cancelAt = await calls.cancelLink(victim.email);
    expect((await calls.confirm(await calls.confirmLink(intruderAddress))).status).toBe(200);
    const cancelled = await calls.cancel(cancelAt);
    expect(cancelled.status).toBe(200);
    const { reset_token } = (await cancelled.json()) as { reset_token: string };
    const password = 'mine again at last';
    const reset = await postJson(world.server, '/api/auth/reset-password', { token: reset_token, password });
    expect(reset.status).toBe(200);
    return { ...victim, password };
  }

  return {
    world: world as { server: TestServer },
    db,
    serviceToken,
    secretOf,
    takenThenCancelled,
  };
}
