import { clientSecuritySchema } from '@omnia/contracts/client-security';
import { isPublicAppType } from '@omnia/contracts/constants';
import type { OAuthClient } from '@omnia/contracts/developer';
import { MESSAGES, type MessageKey } from '@omnia/contracts/messages';
import { REGISTRATION_ENDPOINT } from '@omnia/contracts/registration';
import { hashToken, randomToken } from '../../../crypto/tokens';
import type { Db } from '../../../db/connect';
import { AppError } from '../../../errors';
import type { ClientsService, StillManaged } from '../../clients';
import { notify } from '../../notifications';
import { securityLog } from '../../security';
import type { SecurityProfiles } from '../security-profile';
import { type DeveloperService, RegistrationLeftApp } from '../service';
import { MetadataError, metadataOf, readMetadata } from './metadata';
import { createRegistrationRepo, endRegistration, holdRegistration } from './repo';

/** A missing, unknown, expired or used-up token (RFC 6750 §3.1's invalid_token). */
export class InvalidRegistrationToken extends Error {}

/** A token of 256 random bits, named by its kind so a leaked one is recognised (secret scanners). */
export const newToken = (prefix: string) => `${prefix}${randomToken()}`;

// Both sides come from the schema (contracts' securityFrom), so their members are in one order.
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The registration endpoint (RFC 7591) and each registration's management (RFC 7592). A tool
 * registers with a developer's initial access token and gets what the console gives: an app in
 * testing mode (pending review), owned by that developer, with the same rules and messages (but not
 * counted as the developer's own on their APIs: the tool has its secret). Its registration access
 * token then acts for whoever owns the app now.
 */
export function createRegistrations(deps: {
  db: Db;
  publicUrl: string;
  developer: DeveloperService;
  profiles: SecurityProfiles;
  clients: ClientsService;
}) {
  const repo = createRegistrationRepo(deps.db);
  const { developer } = deps;
  const clientUri = (clientId: string) =>
    `${deps.publicUrl}${REGISTRATION_ENDPOINT}/${encodeURIComponent(clientId)}`;

  /**
   * The app a registration access token manages, as its owner sees it. The token acts only while
   * the developer who registered the app owns it: handed over, the app is its new owner's alone.
   */
  async function managed(token: string, clientId: string) {
    const registration = await repo.registrationOf(hashToken(token));
    const owner = registration?.client_id === clientId ? await deps.clients.ownerOf(clientId) : undefined;
    if (!owner || owner.userId !== registration?.user_id) throw new InvalidRegistrationToken();
    // Deleted (or handed over) between those reads and this one: the token no longer manages it.
    const client = await developer.get(owner.userId, owner.id).catch((err: unknown) => {
      if (err instanceof AppError && (err.code === 'not_found' || err.code === 'forbidden'))
        throw new InvalidRegistrationToken();
      throw err;
    });
    return { owner, client };
  }

  /** Settles what the console keeps apart from registration: the logout URI and the security profile. */
  async function settle(
    userId: string,
    client: OAuthClient,
    logoutUri: string | null,
    security: OAuthClient['security'],
    stillManaged?: StillManaged,
  ) {
    let current = client;
    if (client.app_type === 'web' && logoutUri !== client.backchannel_logout_uri)
      current = await developer.updateSettings(
        userId,
        client.id,
        { backchannel_logout_uri: logoutUri },
        stillManaged,
      );
    if (!same(security, current.security))
      current = await deps.profiles.update(userId, client.id, security, stillManaged);
    return current;
  }

  /** The app's secret, given to a tool as the console would show it: in the developer's activity, by app. */
  async function revealedToTool(userId: string, client: OAuthClient): Promise<string> {
    const { client_secret } = await developer.secret(userId, client.id);
    await securityLog.record(deps.db, {
      userId,
      kind: 'client_secret_revealed',
      detail: { app: client.name, app_id: client.id },
    });
    return client_secret;
  }

  return {
    async register(initialToken: string, body: unknown) {
      const hash = hashToken(initialToken);
      // A bad token is said before bad metadata; a use is taken only for metadata that suits.
      if (!(await repo.isLive(hash))) throw new InvalidRegistrationToken();
      const wanted = readMetadata(body);
      const use = await repo.takeUse(hash);
      if (!use) throw new InvalidRegistrationToken();
      // A leaked token shows: its developer hears of every app registered with it.
      const announce = (app: string) =>
        notify(deps.db, use.user_id, { kind: 'app_registered', data: { app, token: use.label } });
      try {
        // One of the account's apps of the day once it is all done (a refusal gives it back).
        return await developer.registerThen(
          use.user_id,
          wanted.register,
          async (registered) => {
            const client = await settle(
              use.user_id,
              registered,
              wanted.backchannelLogoutUri,
              wanted.security,
            );
            const accessToken = newToken('omnia_rat_');
            await repo.saveAccessToken(client.client_id, hashToken(accessToken), use.user_id);
            await announce(client.name);
            // An app that authenticates with its key gets no secret to keep.
            const secret =
              isPublicAppType(client.app_type) || client.security.auth_method === 'private_key_jwt'
                ? undefined
                : await revealedToTool(use.user_id, client);
            return {
              ...metadataOf(client),
              ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
              client_id_issued_at: Math.floor(new Date(client.created_at).getTime() / 1000),
              registration_access_token: accessToken,
              registration_client_uri: clientUri(client.client_id),
            };
          },
          'tool',
        );
      } catch (err) {
        // registerThen has removed the app (no app without its token or its notice), unless it
        // could not: then the app stays in the console, the use stays spent, and the developer
        // hears of it as of any app registered with the token.
        if (err instanceof RegistrationLeftApp) {
          await announce(err.app);
          throw asMetadataError(err.failure);
        }
        await repo.returnUse(use.id);
        throw asMetadataError(err);
      }
    },
    /** RFC 7592 §3: the metadata, with the token that reads it (only its hash is kept). */
    async read(token: string, clientId: string) {
      const { client } = await managed(token, clientId);
      return {
        ...metadataOf(client),
        registration_access_token: token,
        registration_client_uri: clientUri(client.client_id),
      };
    },
    /**
     * RFC 7592 §2.2: the metadata replaces the app's. What the console would hold for review (an
     * approved app's new name or redirect URI) waits here too, and the answer shows what is live.
     */
    async update(token: string, clientId: string, readBody: () => Promise<unknown>) {
      const { owner, client } = await managed(token, clientId);
      const body = await readBody();
      const wanted = readMetadata(body);
      if ((body as { client_id?: unknown }).client_id !== clientId)
        throw new MetadataError(
          'invalid_client_metadata',
          'client_id: must be the client_id of this registration',
        );
      if (wanted.appType !== client.app_type)
        throw new MetadataError('invalid_client_metadata', 'grant_types: the kind of app cannot change');
      // The FAPI profile is the console's to switch: a tool's update keeps it, and must still suit it.
      const security = { ...wanted.security, fapi_2: client.security.fapi_2 };
      const fits = clientSecuritySchema.safeParse(security);
      if (!fits.success)
        throw new MetadataError(
          'invalid_client_metadata',
          `token_endpoint_auth_method: ${MESSAGES[fits.error.issues[0]?.message as MessageKey] ?? 'does not suit the FAPI 2.0 profile'}`,
        );
      try {
        developer.checkSettings(client.app_type, {
          post_logout_redirect_uris: wanted.register.post_logout_redirect_uris ?? [],
          backchannel_logout_uri: client.app_type === 'web' ? wanted.backchannelLogoutUri : null,
        });
      } catch (err) {
        throw asMetadataError(err);
      }
      // The token is taken first, in one conditional statement: of updates racing with it, one
      // changes the app and the others change nothing. A refused update gives it back. Each change
      // is made only while the new token still manages the app, found under the app's lock: once
      // 'Revoke the tool's access' or a handover has ended it, nothing more changes.
      const renewed = newToken('omnia_rat_');
      if (!(await repo.rotateAccessToken(hashToken(token), hashToken(renewed))))
        throw new InvalidRegistrationToken();
      const stillManaged: StillManaged = (trx, id) => holdRegistration(trx, hashToken(renewed), id);
      try {
        const { register: r } = wanted;
        await developer.edit(
          owner.userId,
          owner.id,
          {
            name: r.name,
            // RFC 7591 has no description: the console's, waiting for review or not, stays.
            description: client.pending_change?.description ?? client.description,
            logo_url: client.logo_url,
            redirect_uris: r.redirect_uris,
            allowed_scopes: r.allowed_scopes,
            homepage_url: r.homepage_url ?? null,
            privacy_url: r.privacy_url ?? null,
            terms_url: r.terms_url ?? null,
          },
          stillManaged,
        );
        const edited = await developer.updateSettings(
          owner.userId,
          owner.id,
          { post_logout_redirect_uris: r.post_logout_redirect_uris ?? [] },
          stillManaged,
        );
        const updated = await settle(
          owner.userId,
          edited,
          wanted.backchannelLogoutUri,
          security,
          stillManaged,
        );
        // From its key back to a secret: the profile made a new one, the tool's to keep (RFC 7592
        // §2.2 answers with it), shown to the tool as at registration.
        const secret =
          client.security.auth_method === 'private_key_jwt' &&
          updated.security.auth_method !== 'private_key_jwt'
            ? await revealedToTool(owner.userId, updated)
            : undefined;
        // Each update issues a new token; the one presented stops (RFC 7592 §2.2).
        return {
          ...metadataOf(updated),
          ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
          registration_access_token: renewed,
          registration_client_uri: clientUri(updated.client_id),
        };
      } catch (err) {
        await repo.rotateAccessToken(hashToken(renewed), hashToken(token));
        // Revoked, handed over or deleted meanwhile: the token no longer manages the app.
        if (err instanceof AppError && (err.code === 'forbidden' || err.code === 'not_found'))
          throw new InvalidRegistrationToken();
        throw asMetadataError(err);
      }
    },
    /** For the app's page: when a tool registered it, while its registration access token works. */
    async statusFor(userId: string, appId: string): Promise<Date | null> {
      const client = await developer.get(userId, appId);
      return (await repo.registeredAt(client.client_id)) ?? null;
    },
    /**
     * The app's page ends its registration access token: the tool can no longer read or change it.
     * A change of the app like any other (its history, the owner's notice, the caller's activity).
     */
    async revokeFor(userId: string, appId: string): Promise<void> {
      const ended = await deps.clients.changeKeptElsewhere(
        userId,
        appId,
        'registration',
        async (trx, clientId) =>
          (await endRegistration(trx, clientId))
            ? { result: true, before: { registration: 'tool' }, after: { registration: null } }
            : undefined,
      );
      if (!ended) throw new AppError('not_found');
    },
    /**
     * RFC 7592 §2.3: the app goes, with every grant and token of it (the console's deletion), if
     * the token still manages it once the app is locked: revoked or rotated meanwhile, it does not.
     */
    async remove(token: string, clientId: string) {
      const { owner, client } = await managed(token, clientId);
      const hash = hashToken(token);
      try {
        await developer.removeRegistered(owner.userId, client.id, (trx, id) =>
          holdRegistration(trx, hash, id),
        );
      } catch (err) {
        // Handed over, deleted, revoked or rotated since the token was read: it no longer manages it.
        if (err instanceof AppError && (err.code === 'forbidden' || err.code === 'not_found'))
          throw new InvalidRegistrationToken();
        throw err;
      }
    },
  };
}
export type Registrations = ReturnType<typeof createRegistrations>;

/** The console's refusal of a field, worded as RFC 7591 §3.2.2 answers it. */
function asMetadataError(err: unknown): unknown {
  if (!(err instanceof AppError) || err.code !== 'validation_failed') return err;
  const [field, said] = Object.entries(err.fields ?? {})[0] ?? ['metadata', err.message];
  const error = field.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata';
  return new MetadataError(error, `${field}: ${said}`);
}
