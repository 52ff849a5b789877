import { OAUTH_ACTIONS, type OAuthAction } from '@omnia/contracts/constants';
import type {
  ClientStats,
  clientSettingsSchema,
  LogoResponse,
  NewestClientResponse,
  OAuthClient,
  RotateResponse,
  registerClientSchema,
  SecretResponse,
} from '@omnia/contracts/developer';
import type { z } from 'zod';
import type { SecretBox } from '../../crypto/secret-box';
import { AppError } from '../../errors';
import type { ClientsService } from '../clients';
import { generateClientId, generateClientSecret } from '../clients';
import type { ObjectStorage } from '../storage';
import { cleanImage } from '../storage';
import { logoKey, ownLogoKey, STORAGE_URL_PREFIX } from './logos';

export type RegisterClient = z.output<typeof registerClientSchema>;
export type ClientSettings = z.output<typeof clientSettingsSchema>;

const LOGO_URL_INVALID = 'The logo must be an image uploaded with this form';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Someone else's client, a missing one and a malformed id all look the same: 404. */
function requireUuid(id: string): void {
  if (!UUID.test(id)) throw new AppError('not_found');
}
function found<T>(value: T | undefined): T {
  if (value === undefined) throw new AppError('not_found');
  return value;
}

function knownActions(json: string): ClientStats['byAction'] {
  const counts: unknown = JSON.parse(json);
  const byAction: ClientStats['byAction'] = {};
  if (typeof counts !== 'object' || counts === null) return byAction;
  for (const [action, n] of Object.entries(counts)) {
    if ((OAUTH_ACTIONS as readonly string[]).includes(action) && typeof n === 'number')
      byAction[action as OAuthAction] = n;
  }
  return byAction;
}

/** The Developer Program: a user's OAuth2 clients, their credentials, logos and statistics. */
export function createDeveloperService(deps: {
  clients: ClientsService;
  storage: ObjectStorage;
  /** Seals client secrets ('oauth2-client-secret' purpose, shared with the OAuth engine). */
  box: SecretBox;
  autoApprove: boolean;
  now?: () => number;
}) {
  const { clients, storage, box, autoApprove, now = Date.now } = deps;

  async function assertOwnLogo(userId: string, url: string): Promise<void> {
    const key = ownLogoKey(userId, url);
    if (!key || !(await storage.has(key))) {
      throw new AppError('validation_failed', {
        message: LOGO_URL_INVALID,
        fields: { logo_url: LOGO_URL_INVALID },
      });
    }
  }

  return {
    async uploadLogo(userId: string, bytes: Uint8Array, name: string): Promise<LogoResponse> {
      const image = await cleanImage(bytes);
      const key = logoKey(userId, now(), name, image.ext);
      await storage.put(key, image.bytes, image.contentType);
      return { logo_url: `${STORAGE_URL_PREFIX}${key}` };
    },
    async register(userId: string, input: RegisterClient): Promise<OAuthClient> {
      if (input.logo_url !== null) await assertOwnLogo(userId, input.logo_url);
      return clients.register({
        user_id: userId,
        name: input.name,
        description: input.description,
        logo_url: input.logo_url,
        client_id: generateClientId(),
        client_secret: box.seal(generateClientSecret()),
        redirect_uris: input.redirect_uris,
        allowed_scopes: input.allowed_scopes,
        require_pkce: input.require_pkce,
        post_logout_redirect_uris: input.post_logout_redirect_uris,
        status: autoApprove ? 'approved' : 'pending',
      });
    },
    /** 'Require PKCE' and the post-logout redirect URIs; updated_at changes. */
    async updateSettings(userId: string, id: string, settings: ClientSettings): Promise<OAuthClient> {
      requireUuid(id);
      return found(await clients.updateSettings(userId, id, settings));
    },
    list: (userId: string): Promise<OAuthClient[]> => clients.listOwned(userId),
    async get(userId: string, id: string): Promise<OAuthClient> {
      requireUuid(id);
      return found(await clients.findOwned(userId, id));
    },
    async secret(userId: string, id: string): Promise<SecretResponse> {
      requireUuid(id);
      return { client_secret: box.open(found(await clients.sealedSecretOf(userId, id))) };
    },
    /** A new secret replaces the old one at once; the event counts as 'secret_rotated'. */
    async rotate(userId: string, id: string): Promise<RotateResponse> {
      requireUuid(id);
      const clientSecret = generateClientSecret();
      const { updated_at } = found(await clients.rotateSecret(userId, id, box.seal(clientSecret)));
      return { client_secret: clientSecret, updated_at };
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
