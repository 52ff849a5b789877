import { z } from 'zod';
import { PRODUCT_NAME } from './constants';
import { rule, ruleMessage } from './messages';
import { hidesCharacters } from './shown-text';

/**
 * Developers' APIs: a developer registers an API by its identifier (the `resource` apps
 * ask for, RFC 8707, and the `aud` of its tokens) and its scopes, with the words the consent screen
 * shows for each. Its owner's apps may call it; another developer's app only once the owner allows
 * it, with the scopes the owner picks. The API gets credentials of its own to introspect tokens.
 */
export const DEVELOPER_APIS_API = {
  /** GET (Bearer) → ApiListResponse, the caller's own, newest first. POST createApiSchema → 201 ApiCreatedResponse. */
  apis: '/api/developer/apis',
  /**
   * GET (Bearer, owner) → ApiResponse. PATCH updateApiSchema (fresh sign-in) → ApiResponse: a
   * removed scope leaves every app's allowance and every person's consent. DELETE deleteApiSchema (fresh sign-in) →
   * 204. 404 for anyone else.
   */
  api: (id: string) => `/api/developer/apis/${encodeURIComponent(id)}`,
  /** POST (Bearer, owner, fresh sign-in) → ApiSecretResponse: the old secret stops at once. */
  rotate: (id: string) => `/api/developer/apis/${encodeURIComponent(id)}/rotate-secret`,
  /** PUT allowAppSchema (Bearer, owner, fresh sign-in) → ApiResponse: allows an app, or changes its scopes. */
  access: (id: string) => `/api/developer/apis/${encodeURIComponent(id)}/access`,
  /** DELETE (Bearer, owner, fresh sign-in) → ApiResponse: the app may no longer ask for the API. */
  accessOf: (id: string, clientId: string) =>
    `/api/developer/apis/${encodeURIComponent(id)}/access/${encodeURIComponent(clientId)}`,
} as const;

/** Scopes Omnia itself defines: an API's scope never takes their names. */
const RESERVED_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access']);
const API_SCOPE_NAME = /^[a-z0-9][a-z0-9:._/-]{0,63}$/;
export const API_SCOPES_MAX = 20;

/**
 * An API's identifier as RFC 8707 §2 has it (an absolute URI without a fragment), and https, since
 * it names a server on the web: no user name or password in it, at most 200 characters.
 */
function apiIdentifierProblem(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (value.length > 200 || /[\u0000-\u0020\u007f-\u009f#]/.test(value)) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return true;
  }
  return url.protocol !== 'https:' || !url.hostname || url.username !== '' || url.password !== '';
}

/** The identifier as the URL standard writes it; undefined for what is not a URL. */
export function canonicalIdentifier(value: string): string | undefined {
  return URL.parse(value)?.href;
}

const apiScope = z.object({
  name: z
    .string()
    .trim()
    .refine((v) => API_SCOPE_NAME.test(v) && !RESERVED_SCOPES.has(v), rule('apiScopeNameInvalid')),
  description: z
    .string()
    .trim()
    .min(1, rule('apiScopeDescriptionRequired'))
    .max(200, rule('apiScopeDescriptionRequired'))
    .refine((v) => !hidesCharacters(v), rule('textHasHiddenCharacters')),
});

const apiScopes = z
  .array(apiScope)
  .min(1, rule('apiScopeRequired'))
  .max(API_SCOPES_MAX)
  .superRefine((scopes, ctx) => {
    const seen = new Set<string>();
    scopes.forEach((scope, index) => {
      if (seen.has(scope.name))
        ctx.addIssue({ code: 'custom', message: ruleMessage('apiScopeDuplicate'), path: [index, 'name'] });
      seen.add(scope.name);
    });
  });

/** Omnia and the services of its suite (the services table's names): the names people trust as Omnia's own. */
export const OWN_NAMES = [PRODUCT_NAME, 'CloudBliss', 'Voge', 'Sokuwe', 'Luupz', 'Taskcel'] as const;

/** Letters that look like Latin ones (Cyrillic, Greek, digits), read as those. */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ь: 'b',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ı: 'i',
  ɑ: 'a',
  '0': 'o',
  '1': 'l',
  '5': 's',
};
/**
 * How letters read: compatibility forms and accents gone, look-alikes as the Latin letter, and
 * the pairs people mistake for each other as one ('rn' for 'm', 'l' for 'i').
 */
const readAs = (text: string) =>
  [...text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()]
    .map((c) => LOOK_ALIKES[c] ?? c)
    .join('')
    .replaceAll('rn', 'm')
    .replaceAll('l', 'i');

/** Own names long enough that a word starting with one reads as it ('OmniaSecurity', 'Omnia2FA'). */
const PREFIX_MIN = 5;

/**
 * Whether a name passes for Omnia's own: some of its words, read together, are one of OWN_NAMES,
 * or one word starts with one of five letters or more ('Omnia', 'Cloud Bliss', 'V o g e', 'MyCloudBliss'
 * read as My·Cloud·Bliss, 'omniasecurity', 'Omnia2FA'), whatever the case, accents, compatibility
 * form (full-width letters) or look-alike letters (a Cyrillic о, a zero, 'rn' for 'm'). Words are
 * split at spaces and signs, where a capital starts one and between letters and digits. A word
 * that only ends in one ('Insomnia') or a short one in a longer word ('Vogel') is not refused.
 */
export function passesForOwnName(name: string): boolean {
  const words = name
    .normalize('NFKC')
    .split(
      /[^\p{L}\p{N}]+|(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u,
    )
    .filter(Boolean);
  const own = OWN_NAMES.map(readAs);
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 1; end <= words.length; end++) {
      const run = readAs(words.slice(start, end).join(''));
      const oneWord = end === start + 1;
      if (own.some((name) => run === name || (oneWord && name.length >= PREFIX_MIN && run.startsWith(name))))
        return true;
    }
  }
  return false;
}

/**
 * An API's name heads its scopes on the consent screen ('On Orders API'), beside an app Omnia may
 * have verified, and changes without review: it never passes for Omnia's own.
 */
const apiName = z
  .string(rule('apiNameRequired'))
  .trim()
  .min(1, rule('apiNameRequired'))
  .max(100)
  .refine((v) => !hidesCharacters(v), rule('textHasHiddenCharacters'))
  .refine((v) => !passesForOwnName(v), rule('apiNameReserved'));

export const createApiSchema = z.object({
  name: apiName,
  identifier: z
    .string(rule('apiIdentifierInvalid'))
    .trim()
    .refine((v) => !apiIdentifierProblem(v), rule('apiIdentifierInvalid'))
    // As URL writes it (lower-case host, '/' for an empty path): one API per address, however typed.
    .transform((v) => canonicalIdentifier(v) ?? v),
  scopes: apiScopes,
});
export type CreateApiInput = z.input<typeof createApiSchema>;

/** The name and scopes change; the identifier is the tokens' audience, fixed once registered. */
export const updateApiSchema = z.object({ name: apiName, scopes: apiScopes });
export type UpdateApiInput = z.input<typeof updateApiSchema>;

export const deleteApiSchema = z.object({ confirm: z.string().max(200) });
export type DeleteApiInput = z.input<typeof deleteApiSchema>;

/** Allows an app (by its Client ID) to ask for the API, with these of its scopes. */
export const allowAppSchema = z.object({
  client_id: z.string(rule('apiAppUnknown')).trim().min(1, rule('apiAppUnknown')).max(200),
  scopes: z.array(z.string().max(64)).min(1, rule('apiAccessScopeUnknown')).max(API_SCOPES_MAX),
});
export type AllowAppInput = z.input<typeof allowAppSchema>;

export interface ApiScope {
  name: string;
  description: string;
}
/** An app allowed to ask for the API, and the scopes it may get. */
export interface ApiAccess {
  client_id: string;
  /** The app's name once it is published (approved); null before, once rejected, or deleted. */
  app_name: string | null;
  /** The app belongs to the API's owner (allowed without being listed; not shown here). */
  scopes: string[];
}
export interface DeveloperApi {
  id: string;
  name: string;
  /** The `resource` apps ask for and the `aud` of its tokens. */
  identifier: string;
  scopes: ApiScope[];
  /** The API's own client id at the introspection endpoint (its secret is shown once). */
  credential_id: string;
  /** Other developers' apps allowed to ask for it. */
  access: ApiAccess[];
  created_at: string;
  updated_at: string;
}
export interface ApiListResponse {
  apis: DeveloperApi[];
}
export interface ApiResponse {
  api: DeveloperApi;
}
/** The API with its introspection secret, shown this once. */
export interface ApiCreatedResponse {
  api: DeveloperApi;
  credential_secret: string;
}
export interface ApiSecretResponse {
  credential_secret: string;
}
/** What the consent screen lists for an API an app asks for: its name and its scopes in words. */
export interface ConsentApi {
  name: string;
  identifier: string;
  scopes: ApiScope[];
}
