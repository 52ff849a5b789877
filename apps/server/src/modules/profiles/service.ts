import type {
  ClaimResponse,
  ClaimsResponse,
  IdentityInput,
  InterestsResponse,
  Preferences,
  PreferencesInput,
  Profile,
} from '@omnia/contracts';
import { isReservedUsername } from '@omnia/contracts/profile';
import { isServiceClickable } from '@omnia/contracts/services';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { ServicesRepo } from '../services';
import type { CleanPicture, ObjectStorage } from '../storage';
import type { ProfilesRepo } from './repo';

/** The OpenID Connect claims a profile gives apps (the profile scope's). */
export type ProfileClaim = 'name' | 'preferred_username' | 'picture';

type ParsedIdentity = Required<Pick<IdentityInput, 'full_name' | 'username' | 'date_of_birth'>> & {
  bio: string;
};

/** Profile, preferences, interests and claims of the signed-in user. */
export function createProfilesService(deps: {
  repo: ProfilesRepo;
  services: ServicesRepo;
  storage: ObjectStorage;
  /** An upload as a clean picture, counted against the account (storage's cleanPictureOf). */
  cleanPicture: CleanPicture;
  /** Claims apps read (name, preferred_username, picture) changed: their webhooks hear of it. */
  onClaimsChanged: (userId: string, changed: ProfileClaim[]) => Promise<void>;
  now?: () => number;
}) {
  const { repo, services, storage, now = Date.now } = deps;
  return {
    async profile(userId: string): Promise<Profile> {
      return (
        (await repo.findProfile(userId)) ?? {
          id: userId,
          full_name: null,
          username: null,
          date_of_birth: null,
          bio: null,
          avatar_url: null,
        }
      );
    },
    async saveIdentity(userId: string, identity: ParsedIdentity): Promise<Profile> {
      if (await repo.usernameTakenByOther(identity.username, userId)) throw new AppError('username_taken');
      const before = await repo.findProfile(userId);
      let saved: Profile;
      try {
        saved = await repo.upsertIdentity(userId, identity);
      } catch (err) {
        // Two people racing for one username: the unique index decides.
        if (isUniqueViolation(err)) throw new AppError('username_taken', { cause: err });
        throw err;
      }
      const changed: ProfileClaim[] = [];
      if (before?.full_name !== saved.full_name) changed.push('name');
      if (before?.username !== saved.username) changed.push('preferred_username');
      await deps.onClaimsChanged(userId, changed);
      return saved;
    },
    /** Stores the picture at avatars/{userId}/avatar.{ext} (replacing any other format) and links it. */
    async uploadAvatar(userId: string, bytes: Uint8Array): Promise<{ avatar_url: string }> {
      const image = await deps.cleanPicture(userId, bytes);
      const prefix = `avatars/${userId}/avatar.`;
      const key = `${prefix}${image.ext}`;
      // A new ?v= on every change, so browsers and caches never show the old picture.
      const avatarUrl = `/storage/${key}?v=${now()}`;
      // The new picture is written and linked before the old one goes: a write that fails leaves
      // the account its old picture, never a link to nothing. No transaction is held while the
      // store writes (a slow store must not hold the database).
      await storage.put(key, image.bytes, image.contentType);
      try {
        await repo.setAvatarUrl(userId, avatarUrl);
      } catch (err) {
        // The account was deleted meanwhile (its row is gone): its folder went before this file
        // came, so this file goes now. Any other failure leaves the files as they are.
        if (isForeignKeyViolation(err))
          await storage.deletePrefix(`avatars/${userId}/`).catch(() => undefined);
        throw err;
      }
      await deps.onClaimsChanged(userId, ['picture']);
      // The old picture in another format, if any; one left behind goes with the next upload.
      await storage.deletePrefix(prefix, new Set([key])).catch(() => undefined);
      return { avatar_url: avatarUrl };
    },
    /** The preferences, a default row created on first read. */
    preferences: (userId: string): Promise<Preferences> => repo.preferences(userId),
    savePreferences: (userId: string, prefs: PreferencesInput): Promise<Preferences> =>
      repo.savePreferences(userId, prefs),
    /** The whole interests catalogue. */
    async catalogue(): Promise<InterestsResponse> {
      return { interests: await repo.allInterests() };
    },
    async interests(userId: string): Promise<InterestsResponse> {
      return { interests: await repo.userInterests(userId) };
    },
    /** Replaces the user's interests (names not in the catalogue are skipped) and answers the result. */
    async replaceInterests(userId: string, names: string[]): Promise<InterestsResponse> {
      await repo.replaceInterests(userId, names);
      return { interests: await repo.userInterests(userId) };
    },
    async claims(userId: string): Promise<ClaimsResponse> {
      return { claims: await repo.claims(userId) };
    },
    async usernameAvailable(userId: string, username: string): Promise<boolean> {
      if (isReservedUsername(username)) return false;
      return !(await repo.usernameTakenByOther(username.trim(), userId));
    },
    async claim(userId: string, slug: string): Promise<ClaimResponse> {
      const service = await services.findBySlug(slug);
      if (!service) throw new AppError('not_found');
      if (!isServiceClickable(service.status)) throw new AppError('service_unavailable');
      const added = await repo.addClaim(userId, slug);
      return { claims: await repo.claims(userId), alreadyClaimed: !added };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
