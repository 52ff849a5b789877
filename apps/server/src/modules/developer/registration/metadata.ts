import {
  type ClientSecurity,
  clientSecuritySchema,
  DEFAULT_CLIENT_SECURITY,
  securityIssues,
} from '@omnia/contracts/client-security';
import { type AppType, DEVICE_CODE_GRANT, isPublicAppType, redirectsBack } from '@omnia/contracts/constants';
import {
  clientSettingsSchema,
  type OAuthClient,
  type RegisterClientInput,
  registerClientSchema,
} from '@omnia/contracts/developer';
import { isMessageKey, MESSAGES } from '@omnia/contracts/messages';
import { z } from 'zod';

/** An RFC 7591 §3.2.2 refusal: its error code and what to fix. */
export class MetadataError extends Error {
  constructor(
    readonly error: 'invalid_client_metadata' | 'invalid_redirect_uri',
    description: string,
  ) {
    super(description);
  }
}

/** Client metadata as a tool sends it (RFC 7591 §2, with OpenID Connect's and RFC 9126/9449's); the rest is ignored. */
const metadataSchema = z.looseObject({
  client_id: z.string().optional(),
  client_name: z.string().max(200).optional(),
  redirect_uris: z.array(z.string().max(2000)).max(20).optional(),
  post_logout_redirect_uris: z.array(z.string().max(2000)).max(20).optional(),
  grant_types: z.array(z.string().max(100)).max(5).optional(),
  response_types: z.array(z.string().max(50)).max(5).optional(),
  token_endpoint_auth_method: z.string().max(50).optional(),
  application_type: z.enum(['web', 'native']).optional(),
  scope: z.string().max(500).optional(),
  client_uri: z.string().max(2000).optional(),
  policy_uri: z.string().max(2000).optional(),
  tos_uri: z.string().max(2000).optional(),
  jwks: z.unknown().optional(),
  jwks_uri: z.string().max(2000).optional(),
  backchannel_logout_uri: z.string().max(2000).optional(),
  dpop_bound_access_tokens: z.boolean().optional(),
  require_pushed_authorization_requests: z.boolean().optional(),
});
type Metadata = z.output<typeof metadataSchema>;

/** Our field names, as RFC 7591 names them in an error description. */
const RFC_NAMES: Record<string, string> = {
  name: 'client_name',
  homepage_url: 'client_uri',
  privacy_url: 'policy_uri',
  terms_url: 'tos_uri',
  allowed_scopes: 'scope',
  auth_method: 'token_endpoint_auth_method',
  require_par: 'require_pushed_authorization_requests',
  require_dpop: 'dpop_bound_access_tokens',
};

/** A refusal of one field, in the catalogue's English (the shared schemas name messages by key). */
const invalid = (field: string, message: string) =>
  new MetadataError(
    field.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata',
    `${RFC_NAMES[field] ?? field}: ${isMessageKey(message) ? MESSAGES[message] : message}`,
  );

/** The kind of app the grant types and the authentication method describe. */
function appTypeOf(m: Metadata): AppType {
  const grants = m.grant_types ?? ['authorization_code'];
  const method = m.token_endpoint_auth_method ?? 'client_secret_basic';
  const confidential = method === 'client_secret_basic' || method === 'private_key_jwt';
  if (!confidential && method !== 'none')
    throw invalid('token_endpoint_auth_method', 'one of client_secret_basic, private_key_jwt or none');
  if (grants.includes('client_credentials')) {
    if (grants.length > 1 || !confidential)
      throw invalid('grant_types', 'client_credentials is registered alone, by a service that authenticates');
    return 'service';
  }
  if (grants.includes(DEVICE_CODE_GRANT)) {
    if (method !== 'none') throw invalid('token_endpoint_auth_method', 'a device app has no secret: none');
    return 'device';
  }
  if (grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token'))
    throw invalid(
      'grant_types',
      'authorization_code and refresh_token, or client_credentials, or the device code',
    );
  if (method === 'none') return m.application_type === 'native' ? 'native' : 'spa';
  return 'web';
}

export interface Registration {
  appType: AppType;
  register: z.output<typeof registerClientSchema>;
  backchannelLogoutUri: string | null;
  security: ClientSecurity;
}

/** RFC 7591 metadata as the console's registration and settings (the same rules, the same messages). */
export function readMetadata(body: unknown): Registration {
  const parsed = metadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(String(issue?.path[0] ?? 'metadata'), issue?.message ?? 'invalid');
  }
  const m = parsed.data;
  const appType = appTypeOf(m);
  const responses = m.response_types ?? (redirectsBack(appType) ? ['code'] : []);
  if (responses.join(' ') !== (redirectsBack(appType) ? 'code' : ''))
    throw invalid(
      'response_types',
      redirectsBack(appType) ? MESSAGES.invalidResponseType : 'none for this kind of app',
    );
  const scopes = (m.scope ?? (appType === 'service' ? '' : 'openid profile email'))
    .split(' ')
    .filter(Boolean);
  const register = registerClientSchema.safeParse({
    app_type: appType,
    name: m.client_name ?? '',
    description: null,
    logo_url: null,
    redirect_uris: m.redirect_uris ?? [],
    allowed_scopes: scopes.filter((s) => s !== 'openid') as RegisterClientInput['allowed_scopes'],
    require_pkce: true,
    post_logout_redirect_uris: m.post_logout_redirect_uris ?? [],
    homepage_url: m.client_uri ?? null,
    privacy_url: m.policy_uri ?? null,
    terms_url: m.tos_uri ?? null,
  } satisfies RegisterClientInput);
  if (!register.success) {
    const issue = register.error.issues[0];
    throw invalid(String(issue?.path[0] ?? 'metadata'), issue?.message ?? 'invalid');
  }
  const security = clientSecuritySchema.safeParse({
    ...DEFAULT_CLIENT_SECURITY,
    require_par: m.require_pushed_authorization_requests ?? false,
    require_dpop: m.dpop_bound_access_tokens ?? false,
    auth_method: m.token_endpoint_auth_method === 'private_key_jwt' ? 'private_key_jwt' : 'secret',
    jwks: m.jwks ?? null,
    jwks_uri: m.jwks_uri ?? null,
  });
  if (!security.success) {
    const issue = security.error.issues[0];
    throw invalid(String(issue?.path[0] ?? 'jwks'), issue?.message ?? 'invalid');
  }
  const [misfit] = securityIssues(appType, security.data, register.data.redirect_uris);
  if (misfit) throw invalid(String(misfit.path[0]), MESSAGES[misfit.message]);
  if (m.backchannel_logout_uri && appType !== 'web')
    throw invalid('backchannel_logout_uri', MESSAGES.backchannelLogoutWebOnly);
  // The console's rule for the logout URI (an absolute https URL, http for localhost).
  const logoutUri = clientSettingsSchema.shape.backchannel_logout_uri.safeParse(
    m.backchannel_logout_uri ?? null,
  );
  if (!logoutUri.success)
    throw invalid('backchannel_logout_uri', logoutUri.error.issues[0]?.message ?? 'invalid');
  return {
    appType,
    register: register.data,
    backchannelLogoutUri: logoutUri.data ?? null,
    security: security.data,
  };
}

/** The app as RFC 7591 §3.2.1 and RFC 7592 §3 answer it (never its secret after registration). */
export function metadataOf(client: OAuthClient) {
  const type = client.app_type;
  const method = isPublicAppType(type)
    ? 'none'
    : client.security.auth_method === 'private_key_jwt'
      ? 'private_key_jwt'
      : 'client_secret_basic';
  const grants =
    type === 'service'
      ? ['client_credentials']
      : type === 'device'
        ? [DEVICE_CODE_GRANT, 'refresh_token']
        : ['authorization_code', 'refresh_token'];
  return {
    client_id: client.client_id,
    client_name: client.name,
    application_type: type === 'native' || type === 'device' ? 'native' : 'web',
    redirect_uris: client.redirect_uris,
    post_logout_redirect_uris: client.post_logout_redirect_uris,
    grant_types: grants,
    response_types: redirectsBack(type) ? ['code'] : [],
    token_endpoint_auth_method: method,
    scope: ['openid', ...client.allowed_scopes].join(' '),
    ...(client.homepage_url ? { client_uri: client.homepage_url } : {}),
    ...(client.privacy_url ? { policy_uri: client.privacy_url } : {}),
    ...(client.terms_url ? { tos_uri: client.terms_url } : {}),
    // What its ID tokens are signed with: ES256 under the FAPI 2.0 profile (a web app's), else RS256.
    ...(type === 'service'
      ? {}
      : { id_token_signed_response_alg: type === 'web' && client.security.fapi_2 ? 'ES256' : 'RS256' }),
    // Its ID tokens carry `sid`, which its logout tokens name (Back-Channel Logout 1.0).
    ...(client.backchannel_logout_uri
      ? { backchannel_logout_uri: client.backchannel_logout_uri, backchannel_logout_session_required: true }
      : {}),
    ...(client.security.jwks ? { jwks: client.security.jwks } : {}),
    ...(client.security.jwks_uri ? { jwks_uri: client.security.jwks_uri } : {}),
    dpop_bound_access_tokens: client.security.require_dpop || client.security.fapi_2,
    require_pushed_authorization_requests: client.security.require_par || client.security.fapi_2,
  };
}
