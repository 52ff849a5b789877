import { z } from 'zod';
import { type AppType, isPublicAppType, redirectsBack } from './constants';
import { type MessageKey, rule, ruleMessage } from './messages';

/**
 * An app's security profile: pushed authorization requests (RFC 9126), sender-constrained
 * tokens (DPoP, RFC 9449), authentication with a private key (private_key_jwt, RFC 7523) and the
 * FAPI 2.0 Security Profile, which turns on what it requires.
 */

export const CLIENT_AUTH_METHODS = ['secret', 'private_key_jwt'] as const;

/** The algorithms a client assertion may be signed with (FAPI 2.0 §5.4: no RS256, no HMAC). */
export const CLIENT_ASSERTION_ALGS = ['PS256', 'ES256', 'EdDSA', 'Ed25519'] as const;

/** At most this many keys in a registered set (a rotation needs two; more is a mistake). */
const CLIENT_KEYS_MAX = 10;

/** Members that only a private key has: a set that holds one is refused, never stored. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth'] as const;

const b64u = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/)
  .max(2048);
const publicJwk = z
  .object({
    kty: z.enum(['RSA', 'EC', 'OKP']),
    kid: z.string().min(1).max(200).optional(),
    use: z.literal('sig').optional(),
    alg: z.enum(CLIENT_ASSERTION_ALGS).optional(),
    n: b64u.optional(),
    e: b64u.optional(),
    crv: z.enum(['P-256', 'P-384', 'P-521', 'Ed25519']).optional(),
    x: b64u.optional(),
    y: b64u.optional(),
  })
  .refine((k) => (k.kty === 'RSA' ? !!k.n && !!k.e : !!k.crv && !!k.x && (k.kty === 'OKP' || !!k.y)));

/** A JSON Web Key Set of public signing keys, as pasted (RFC 7517 §5). */
const clientJwksSchema = z
  .object({ keys: z.array(z.unknown(), rule('jwksInvalid')) }, rule('jwksInvalid'))
  .superRefine((set, ctx) => {
    if (set.keys.length < 1 || set.keys.length > CLIENT_KEYS_MAX) {
      ctx.addIssue({ code: 'custom', message: ruleMessage('jwksInvalid') });
      return;
    }
    for (const key of set.keys) {
      if (key && typeof key === 'object' && PRIVATE_MEMBERS.some((m) => m in key)) {
        ctx.addIssue({ code: 'custom', message: ruleMessage('jwksPrivateKey') });
        return;
      }
      if (!publicJwk.safeParse(key).success) {
        ctx.addIssue({ code: 'custom', message: ruleMessage('jwksInvalid') });
        return;
      }
    }
  })
  .transform((set) => ({ keys: set.keys.map((k) => publicJwk.parse(k)) }));

const jwksUri = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' && !u.username && !u.password && !u.hash;
    } catch {
      return false;
    }
  }, rule('jwksUriInvalid'));

/** PATCH DEVELOPER_API.security(id): the whole profile, as the app's page sends it. */
export const clientSecuritySchema = z
  .object({
    /** Authorization requests only by reference to a pushed one (RFC 9126 §6). */
    require_par: z.boolean(),
    /** Tokens only bound to the app's DPoP key (RFC 9449 §5.2, dpop_bound_access_tokens). */
    require_dpop: z.boolean(),
    /** The FAPI 2.0 Security Profile: PAR, DPoP, PKCE, private_key_jwt and the engine's FAPI checks. */
    fapi_2: z.boolean(),
    auth_method: z.enum(CLIENT_AUTH_METHODS),
    jwks: clientJwksSchema.nullable(),
    jwks_uri: jwksUri.nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.jwks && v.jwks_uri)
      ctx.addIssue({ code: 'custom', message: ruleMessage('jwksOneSource'), path: ['jwks_uri'] });
    if (v.auth_method === 'private_key_jwt' && !v.jwks && !v.jwks_uri)
      ctx.addIssue({ code: 'custom', message: ruleMessage('privateKeyJwtNeedsKeys'), path: ['jwks'] });
    if (v.fapi_2 && v.auth_method !== 'private_key_jwt')
      ctx.addIssue({ code: 'custom', message: ruleMessage('fapiNeedsPrivateKeyJwt'), path: ['auth_method'] });
  });
export type ClientSecurityInput = z.input<typeof clientSecuritySchema>;
export type ClientSecurity = z.output<typeof clientSecuritySchema>;

/** An app's profile before its owner changes anything. */
export const DEFAULT_CLIENT_SECURITY: ClientSecurity = {
  require_par: false,
  require_dpop: false,
  fapi_2: false,
  auth_method: 'secret',
  jwks: null,
  jwks_uri: null,
};

/**
 * A stored profile as the schema gives it: the defaults for what it leaves out ({} until its owner
 * changes it), and each key's members in the schema's order (jsonb reorders them), so two reads
 * of one profile compare equal.
 */
export function securityFrom(stored: Partial<ClientSecurity> | null | undefined): ClientSecurity {
  const merged = { ...DEFAULT_CLIENT_SECURITY, ...stored };
  const parsed = clientSecuritySchema.safeParse(merged);
  return parsed.success ? parsed.data : merged;
}

/** A redirect URI over plain http (a web app's loopback one, for development). */
export const isHttpUri = (uri: string): boolean => uri.toLowerCase().startsWith('http:');

/**
 * What the profile asks that this kind of app, with these redirect URIs, cannot do; empty when it
 * suits it. FAPI 2.0 §5.3.2.2: no http redirect URI (a web app's loopback ones included).
 */
export function securityIssues(
  appType: AppType,
  v: ClientSecurity,
  redirectUris: readonly string[] = [],
): { message: MessageKey; path: (keyof ClientSecurity)[] }[] {
  const issues: { message: MessageKey; path: (keyof ClientSecurity)[] }[] = [];
  if (v.require_par && !redirectsBack(appType))
    issues.push({ message: 'parNeedsRedirects', path: ['require_par'] });
  if (isPublicAppType(appType) && (v.auth_method !== 'secret' || v.jwks || v.jwks_uri))
    issues.push({ message: 'privateKeyJwtConfidential', path: ['auth_method'] });
  if (v.fapi_2 && appType !== 'web') issues.push({ message: 'fapiWebOnly', path: ['fapi_2'] });
  if (v.fapi_2 && redirectUris.some(isHttpUri))
    issues.push({ message: 'fapiHttpsRedirects', path: ['fapi_2'] });
  return issues;
}

/** What the engine enforces for the profile: FAPI 2.0 turns on PAR and DPoP whatever else says. */
export function effectiveSecurity(v: Partial<ClientSecurity>) {
  const fapi = v.fapi_2 === true;
  return { par: v.require_par === true || fapi, dpop: v.require_dpop === true || fapi, fapi };
}
