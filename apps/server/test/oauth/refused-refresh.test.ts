import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueTokens, pastRetryWindow, tokenRequest, useClientWorld, userinfo } from './flow';

/*
 * RFC 6749 §5.2: an error answer issues nothing, so the client keeps its refresh token (§6). The
 * engine rotates a refresh token before it checks the `resource` asked for: a refresh refused for
 * its resource must not have used the token up, or the client's next refresh, past the retry
 * window, would count as a reuse and end the whole sign-in.
 */
const world = useClientWorld();

const consumedAt = async (refreshToken: string) =>
  (
    await world.server.deps.dbHandle.db
      .selectFrom('oidc_models')
      .select('consumed_at')
      .where('model', '=', 'RefreshToken')
      .where('id', '=', createHash('sha256').update(refreshToken).digest('base64url'))
      .executeTakeFirstOrThrow()
  ).consumed_at;

describe('a refresh refused for its resource', () => {
  it('leaves the refresh token as it was: the next refresh works, and the sign-in stays', async () => {
    const { server, client, user } = world;
    const tokens = await issueTokens(server, client, user);
    for (const resource of ['https://api.unknown.example/', 'not a url']) {
      const refused = await tokenRequest(server, client, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        resource,
      });
      expect(refused.status, resource).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe('invalid_target');
      expect(await consumedAt(tokens.refresh_token)).toBeNull();
    }
    const later = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(later.status).toBe(200);
    expect((await userinfo(server, tokens.access_token)).status).toBe(200);
    // Rotation itself is unchanged: the token used, a later presentation ends the sign-in.
    await pastRetryWindow(server, tokens.refresh_token);
    const reused = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(reused.status).toBe(400);
  });
});
