import { type AppType, isPublicAppType } from '@omnia/contracts/constants';
import type {
  ClientErrorsResponse,
  ClientHistoryResponse,
  ClientStats,
  deleteClientSchema,
  LogoResponse,
  LogoutDeliveriesResponse,
  LogoutDelivery,
  NewestClientResponse,
  OAuthClient,
  registerClientSchema,
  updateClientSchema,
} from '@omnia/contracts/developer';
import type { z } from 'zod';
import type { SecretBox } from '../../crypto/secret-box';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import type { ClientsService, DeleteConsent, StillManaged } from '../clients';
import { generateClientId, generateClientSecret } from '../clients';
import type { ObjectStorage } from '../storage';
import { cleanPictureOf } from '../storage';
import {
  assertSettingsSuit,
  assertUrisSuit,
  type ClientSettings,
  found,
  knownActions,
  requireUuid,
} from './checks';
import { onAppBudget, onLogoBudget } from './limits';
import { logoKey, logoKeyOf, ownLogoKey, STORAGE_URL_PREFIX } from './logos';
import { createAppSecrets } from './secrets';

export type RegisterClient = z.output<typeof registerClientSchema>;
export type UpdateClient = z.output<typeof updateClientSchema>;
export type DeleteClient = z.output<typeof deleteClientSchema>;

/** What ends in the OAuth engine when an app changes or goes (the oauth module's, passed in). */
export interface ClientGrants {
  /** Ends the consents covering a scope no longer allowed, with their tokens; in `trx`. */
  endBeyondScopes(trx: Db, clientId: string, allowed: readonly string[]): Promise<unknown>;
  /** Ends every grant, code and token of the app; in `trx`. */
  endAll(trx: Db, clientId: string): Promise<unknown>;
  /** Ends the app's sign-ins made with one factor (it now requires two); in `trx`. */
  endOneFactor(trx: Db, clientId: string): Promise<unknown>;
  /** The app's latest back-channel logout deliveries (the oauth module). */
  logoutDeliveries(clientId: string): Promise<LogoutDelivery[]>;
}

/** A registration that failed after its app was made, and whose app could not be removed. */
export class RegistrationLeftApp extends Error {
  constructor(
    readonly failure: unknown,
    /** The app's name, for its developer's notice. */
    readonly app: string,
  ) {
    super('the registration failed and its app stays', { cause: failure });
  }
}

/** The Developer Program: a user's OAuth2 clients, their credentials, logos and statistics. */
export function createDeveloperService(deps: {
  db: Db;
  logger: Logger;
  clients: ClientsService;
  storage: ObjectStorage;
  /** Seals client secrets ('oauth2-client-secret' purpose, shared with the OAuth engine). */
  box: SecretBox;
  autoApprove: boolean;
  grants: ClientGrants;
  /** Outside production a logout URI on this machine may be called (tests, local development). */
  allowLoopback: boolean;
  /** Whether the account still exists (the accounts module); a deletion under way is waited for. */
  accountExists: (userId: string) => Promise<boolean>;
  now?: () => number;
}) {
  const { clients, storage, box, autoApprove, grants, now = Date.now } = deps;

  /**
   * A logo an app no longer shows, removed unless another app shows it (or waits to: one upload may
   * serve several apps, and a handed-over app shows its logo from its first owner's folder). A
   * failure, of the check or of the removal, leaves an orphan file, never a broken app.
   */
  async function dropLogo(url: string | null): Promise<void> {
    const key = url ? logoKeyOf(url) : undefined;
    if (
      !url ||
      !key ||
      (await clients.logosShownUnder(url).then(
        (shown) => shown.length > 0,
        () => true,
      ))
    )
      return;
    await storage.deletePrefix(key).catch(() => undefined);
  }

  async function assertOwnLogo(userId: string, url: string): Promise<void> {
    const key = ownLogoKey(userId, url);
    if (!key || !(await storage.has(key))) {
      throw new AppError('validation_failed', {
        messageKey: 'logoNotUploaded',
        fields: { logo_url: 'logoNotUploaded' },
      });
    }
  }

  /**
   * Deletes an owned app, with every grant and token of it, and then its logo, once `consent`
   * holds (DeleteConsent). Undefined when the app is gone already or the consent no longer holds.
   */
  async function drop(userId: string, id: string, consent: DeleteConsent) {
    const removed = await clients.remove(userId, id, consent, grants.endAll);
    if (removed === 'owner_only') throw new AppError('forbidden', { messageKey: 'memberOwnerOnly' });
    if (removed === 'mismatch') {
      throw new AppError('validation_failed', {
        messageKey: 'appDeleteConfirmMismatch',
        fields: { confirm: 'appDeleteConfirmMismatch' },
      });
    }
    if (removed) await dropLogo(removed.logo_url);
    return removed;
  }

  async function registerThen<T>(
    userId: string,
    input: RegisterClient,
    finish: (client: OAuthClient) => Promise<T>,
    by: 'console' | 'tool',
  ): Promise<T> {
    if (input.logo_url !== null) await assertOwnLogo(userId, input.logo_url);
    const outcome = await onAppBudget(
      deps.db,
      userId,
      async (): Promise<{ done: T } | { failed: unknown; app: string }> => {
        const client = await clients.register({
          user_id: userId,
          name: input.name,
          description: input.description,
          logo_url: input.logo_url,
          client_id: generateClientId(),
          app_type: input.app_type,
          // A public client cannot keep a secret (RFC 6749 §2.1): it gets none.
          client_secret: isPublicAppType(input.app_type) ? null : box.seal(generateClientSecret()),
          redirect_uris: input.redirect_uris,
          allowed_scopes: input.allowed_scopes,
          require_pkce: input.require_pkce,
          post_logout_redirect_uris: input.post_logout_redirect_uris,
          homepage_url: input.homepage_url,
          privacy_url: input.privacy_url,
          terms_url: input.terms_url,
          status: autoApprove ? 'approved' : 'pending',
          // A tool's app is not the developer's own: its secret went to the tool, not to them.
          created_by: by === 'console' ? userId : null,
        });
        try {
          return { done: await finish(client) };
        } catch (err) {
          // Nothing of a failed registration stays. Undone before the budget gives its unit back,
          // and by id: the developer may have renamed the app in the console meanwhile.
          // Undone only when removed here: an app gone from this developer's hands otherwise (a
          // handover accepted meanwhile) stays somewhere, and so does its unit.
          const undone = await drop(userId, client.id, { server: true }).then(
            (removed) => removed !== undefined,
            (undoErr: unknown) => {
              // A logger that throws must not turn the kept app into a refunded one.
              try {
                deps.logger.error(
                  { err: undoErr, client_id: client.client_id },
                  'failed registration not undone',
                );
              } catch {
                // Nowhere left to say it; the app and its unit stay as they are.
              }
              return false;
            },
          );
          if (undone) throw err;
          // The app stays (the developer sees it in the console): it counts as created.
          return { failed: err, app: client.name };
        }
      },
    );
    if ('failed' in outcome) throw new RegistrationLeftApp(outcome.failed, outcome.app);
    return outcome.done;
  }

  return {
    ...createAppSecrets(deps),
    async uploadLogo(userId: string, bytes: Uint8Array, name: string): Promise<LogoResponse> {
      return onLogoBudget(deps.db, userId, async () => {
        const image = await cleanPictureOf(deps.db, userId, bytes);
        const key = logoKey(userId, now(), name, image.ext);
        await storage.put(key, image.bytes, image.contentType);
        // Deleted while this was written: the deletion removed the folder before this file came
        // (the store makes it again), so the file goes now. A deletion after this check finds it.
        if (!(await deps.accountExists(userId))) {
          await storage.deletePrefix(key).catch(() => undefined);
          throw new AppError('unauthenticated');
        }
        return { logo_url: `${STORAGE_URL_PREFIX}${key}` };
      });
    },
    register(userId: string, input: RegisterClient): Promise<OAuthClient> {
      return registerThen(userId, input, async (client) => client, 'console');
    },
    /**
     * Registers an app and runs `finish` on it (dynamic registration's settings, token and answer):
     * one of the account's apps of the day unless `finish` fails and the app is removed again. A
     * tool's app (`by: 'tool'`) is never trusted as its developer's own registration. When `finish`
     * fails and the app cannot be removed, it throws RegistrationLeftApp: the app stays, and so
     * does its unit.
     */
    registerThen,
    /**
     * Refuses settings that updateSettings would refuse for an app of this kind, before anything is
     * written: a tool's update changes several things, and a refusal must leave all of them.
     */
    checkSettings: (type: AppType, settings: ClientSettings) =>
      assertSettingsSuit(type, settings, deps.allowLoopback),
    /**
     * The app's settings ('Require PKCE', two-step, post-logout URIs): like an edit, a new
     * post-logout URI of an approved app waits for review. `stillManaged`: only while it says so.
     */
    async updateSettings(
      userId: string,
      id: string,
      settings: ClientSettings,
      stillManaged?: StillManaged,
    ): Promise<OAuthClient> {
      requireUuid(id);
      const { app_type } = found(await clients.findOwned(userId, id));
      assertSettingsSuit(app_type, settings, deps.allowLoopback);
      const requested = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
      // Required from now on: sign-ins made with one factor end (a refresh keeps its sign-in's acr).
      const alongside = async (trx: Db, client: OAuthClient) =>
        settings.require_two_step && client.require_two_step
          ? grants.endOneFactor(trx, client.client_id)
          : undefined;
      const changed = found(await clients.change(userId, id, requested, alongside, stillManaged));
      return changed.client;
    },
    /**
     * Edits an owned app. Scopes, the description and removed URIs count for the next authorization
     * at once (the engine reads the row on every request), consents beyond the new scopes end in the
     * same transaction; an approved app's new name, logo or redirect URIs wait for the operator's
     * review while the reviewed ones keep working. A logo nobody shows any more leaves storage.
     * `stillManaged`: only while it says so.
     */
    async edit(
      userId: string,
      id: string,
      input: UpdateClient,
      stillManaged?: StillManaged,
    ): Promise<OAuthClient> {
      requireUuid(id);
      const current = found(await clients.findOwned(userId, id));
      assertUrisSuit(current.app_type, input, current.security.fapi_2);
      const waitingLogo = current.pending_change?.logo_url;
      if (input.logo_url !== null && input.logo_url !== current.logo_url && input.logo_url !== waitingLogo)
        await assertOwnLogo(userId, input.logo_url);
      // A link left out of the request stays as it is.
      const requested = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const changed = found(
        await clients.change(
          userId,
          id,
          requested,
          (trx, client) => grants.endBeyondScopes(trx, client.client_id, client.allowed_scopes),
          stillManaged,
        ),
      );
      for (const logo of changed.unusedLogos) await dropLogo(logo);
      return changed.client;
    },
    /** The app's history of changes, newest first. */
    async history(userId: string, id: string): Promise<ClientHistoryResponse> {
      requireUuid(id);
      return { changes: found(await clients.history(userId, id)) };
    },
    /**
     * Deletes an owned app once its name is typed: every grant and token of it ends in the same
     * transaction (its users' sign-ins stop at once, and it leaves their Connected apps); its logo
     * is removed from storage afterwards.
     */
    async remove(userId: string, id: string, input: DeleteClient): Promise<void> {
      requireUuid(id);
      found(await drop(userId, id, { typed: input.confirm }));
    },
    /**
     * RFC 7592 §2.3: deletes the app its registration access token manages (standing for its name),
     * while `stillManaged` finds the token under the app's lock.
     */
    async removeRegistered(userId: string, id: string, stillManaged: StillManaged): Promise<void> {
      requireUuid(id);
      found(await drop(userId, id, { holds: stillManaged }));
    },
    list: (userId: string): Promise<OAuthClient[]> => clients.listOwned(userId),
    async get(userId: string, id: string): Promise<OAuthClient> {
      requireUuid(id);
      return found(await clients.findOwned(userId, id));
    },
    async logoutDeliveries(userId: string, id: string): Promise<LogoutDeliveriesResponse> {
      requireUuid(id);
      const { client_id } = found(await clients.findOwned(userId, id));
      return { deliveries: await grants.logoutDeliveries(client_id) };
    },
    async errors(userId: string, id: string): Promise<ClientErrorsResponse> {
      requireUuid(id);
      return { errors: found(await clients.recentErrors(userId, id)) };
    },
    async stats(userId: string, id: string): Promise<ClientStats> {
      requireUuid(id);
      const row = found(await clients.stats(userId, id));
      return { ...row, byAction: knownActions(row.byAction) };
    },
    async newestClientId(userId: string): Promise<NewestClientResponse> {
      return { client_id: await clients.newestClientId(userId) };
    },
  };
}
export type DeveloperService = ReturnType<typeof createDeveloperService>;
