import {
  claimSchema,
  identitySchema,
  interestsInputSchema,
  preferencesSchema,
  type UsernameAvailabilityResponse,
  usernameQuerySchema,
} from '@omnia/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import { parseJson, parseQuery } from '../../http/validate';
import type { ProfilesService } from './service';

interface Deps {
  guard: MiddlewareHandler<AppEnv>;
  profiles: ProfilesService;
}

interface MeDeps extends Deps {
  /** Reads an avatar's upload for the route (storage's pictureUpload), counted against the account. */
  upload: MiddlewareHandler<AppEnv>;
}

/** /api/me/{profile,preferences,interests,claims}: the caller's own rows only. */
export function meRoutes({ guard, profiles, upload }: MeDeps) {
  return new Hono<AppEnv>()
    .use(guard)
    .get('/profile', async (c) => c.json(await profiles.profile(c.get('userId'))))
    .put('/profile', async (c) => {
      const identity = await parseJson(c, identitySchema);
      return c.json(await profiles.saveIdentity(c.get('userId'), identity));
    })
    .post('/avatar', upload, async (c) => {
      const { bytes } = c.get('upload');
      return c.json(await profiles.uploadAvatar(c.get('userId'), bytes));
    })
    .get('/preferences', async (c) => c.json(await profiles.preferences(c.get('userId'))))
    .put('/preferences', async (c) => {
      const prefs = await parseJson(c, preferencesSchema);
      return c.json(await profiles.savePreferences(c.get('userId'), prefs));
    })
    .get('/interests', async (c) => c.json(await profiles.interests(c.get('userId'))))
    .put('/interests', async (c) => {
      const { interests } = await parseJson(c, interestsInputSchema);
      return c.json(await profiles.replaceInterests(c.get('userId'), interests));
    })
    .get('/claims', async (c) => c.json(await profiles.claims(c.get('userId'))))
    .post('/claims', async (c) => {
      const { slug } = await parseJson(c, claimSchema);
      return c.json(await profiles.claim(c.get('userId'), slug));
    });
}

/** /api/profiles/username-available and /api/interests. */
export function publicProfileRoutes({ guard, profiles }: Deps) {
  return new Hono<AppEnv>().get('/username-available', guard, async (c) => {
    const { username } = parseQuery(c, usernameQuerySchema);
    const body: UsernameAvailabilityResponse = {
      available: await profiles.usernameAvailable(c.get('userId'), username),
    };
    return c.json(body);
  });
}

export function interestsRoutes(profiles: ProfilesService) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const body = await profiles.catalogue();
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(body);
  });
}
