import { createHash } from 'node:crypto';
import { APP_LINK_FIELDS, type AppLinkField, type OAuthClient } from '@omnia/contracts/developer';

/**
 * Which changes of an app wait for the operator's review. Once an app is approved, people trust its
 * name, logo and description on the consent screen (beside 'Verified by Omnia') and Omnia sends
 * them to its redirect URIs, often silently (remembered consent, prompt=none): a new name, logo or
 * description, a new URI or a changed link (homepage, privacy policy, terms: people open them from
 * the consent screen) is held until reviewed, while the reviewed values keep working. Everything
 * else (removing a URI, the logo or the description, scopes, settings) applies at once: it gives
 * the app no new reach and puts no new words before people.
 */

/** The fields an app's owner may change (the Developer Program's edit and settings). */
export type ClientFields = Pick<
  OAuthClient,
  | 'name'
  | 'description'
  | 'logo_url'
  | 'redirect_uris'
  | 'allowed_scopes'
  | 'require_pkce'
  | 'post_logout_redirect_uris'
  | 'require_two_step'
  | 'backchannel_logout_uri'
  | 'security'
  | 'homepage_url'
  | 'privacy_url'
  | 'terms_url'
>;

/** Values waiting for review, by field. */
export type Held = Partial<
  Pick<
    ClientFields,
    'name' | 'description' | 'logo_url' | 'redirect_uris' | 'post_logout_redirect_uris' | AppLinkField
  >
>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Splits what the owner asked for (`requested`, on top of what waits already) into what the app uses
 * now (`live`) and what waits (`held`). Never reviewed (testing mode, its owner alone uses it):
 * everything applies at once.
 */
export function splitChange(
  current: ClientFields,
  requested: Partial<ClientFields>,
  waiting: Held,
  reviewed: boolean,
): { live: ClientFields; held: Held } {
  const wanted: ClientFields = { ...current, ...waiting, ...requested };
  if (!reviewed) return { live: wanted, held: {} };
  const live: ClientFields = { ...wanted };
  const held: Held = {};
  if (wanted.name !== current.name) {
    held.name = wanted.name;
    live.name = current.name;
  }
  // Taking the description away shows 'wants to access your account': nothing to review.
  if (wanted.description && wanted.description !== current.description) {
    held.description = wanted.description;
    live.description = current.description;
  }
  // Taking the logo away shows the default icon: nothing to review.
  if (wanted.logo_url !== null && wanted.logo_url !== current.logo_url) {
    held.logo_url = wanted.logo_url;
    live.logo_url = current.logo_url;
  }
  for (const field of APP_LINK_FIELDS) {
    if (wanted[field] === current[field]) continue;
    held[field] = wanted[field];
    live[field] = current[field];
  }
  for (const field of ['redirect_uris', 'post_logout_redirect_uris'] as const) {
    const reviewed = new Set(current[field]);
    if (wanted[field].every((uri) => reviewed.has(uri))) continue;
    held[field] = wanted[field];
    const kept = wanted[field].filter((uri) => reviewed.has(uri));
    // An app is never left without a redirect URI while its new ones wait.
    live[field] = kept.length || field === 'post_logout_redirect_uris' ? kept : current[field];
  }
  return { live, held };
}

/** The fields whose values differ, with their values before and after. */
export function diff<T extends object>(before: T, after: T) {
  const fields = (Object.keys(after) as (keyof T & string)[]).filter((f) => !same(before[f], after[f]));
  const pick = (from: T) => Object.fromEntries(fields.map((f) => [f, from[f]]));
  return { fields, before: pick(before), after: pick(after) };
}

/**
 * What the operator reviews of an app before approving it: what people see and where they go,
 * 'Published by' (its owner's full name) included.
 */
export type Reviewed = Pick<
  OAuthClient,
  'name' | 'description' | 'logo_url' | 'redirect_uris' | 'post_logout_redirect_uris' | AppLinkField
> & { publisher: string | null };

/**
 * A fingerprint of what the operator reviews (`clients list` shows it): an approval names it, so
 * an app its owner changed after it was listed is not approved unseen. The whole SHA-256: the
 * owner writes everything hashed, and a shortened one (48 bits) let a developer find, in minutes,
 * a harmless app and a harmful one with the same version.
 */
export function reviewVersion(app: Reviewed): string {
  const seen = [
    app.name,
    app.description,
    app.publisher,
    app.logo_url,
    app.redirect_uris,
    app.post_logout_redirect_uris,
    ...APP_LINK_FIELDS.map((f) => app[f]),
  ];
  return createHash('sha256').update(JSON.stringify(seen)).digest('hex');
}
