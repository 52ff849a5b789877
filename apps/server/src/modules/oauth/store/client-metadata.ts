import { effectiveSecurity, isHttpUri } from '@omnia/contracts/client-security';
import { DEVICE_CODE_GRANT } from '@omnia/contracts/constants';
import type { AdapterPayload } from 'oidc-provider';
import type { ClientRow } from './types';

/** Securing a confidential app: how it authenticates, and with which public keys (private_key_jwt). */
function authentication(row: ClientRow, secret: string | undefined): AdapterPayload {
  const { auth_method, jwks, jwks_uri } = row.security;
  if (auth_method !== 'private_key_jwt')
    return { client_secret: secret, token_endpoint_auth_method: 'client_secret_basic' };
  return {
    token_endpoint_auth_method: 'private_key_jwt',
    ...(jwks ? { jwks } : {}),
    ...(jwks_uri ? { jwks_uri } : {}),
  };
}

/**
 * The engine's metadata of a registered app, by its kind. A web application is a
 * confidential client with a secret. A single-page app is a public web client and a native app a
 * public native client (RFC 8252: loopback redirects match on any port, and the engine always asks
 * its user): neither has a secret, both always use PKCE. A device or command-line app is a public
 * client of the device authorization grant (RFC 8628) alone: no redirects, no authorization code.
 * A service is a confidential client of client_credentials alone, for developers' APIs.
 */
export function engineClientMetadata(row: ClientRow, secret: string | undefined): AdapterPayload {
  const profile = effectiveSecurity(row.security);
  const common = {
    client_id: row.client_id,
    client_name: row.name,
    redirect_uris: row.redirect_uris,
    post_logout_redirect_uris: row.post_logout_redirect_uris,
    require_two_step: row.require_two_step,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code' as const],
    // Every id_token says when its person signed in (auth_time).
    require_auth_time: true,
    scope: ['openid', ...row.allowed_scopes].join(' '),
    // Its security profile: authorization requests only pushed (RFC 9126 §6), tokens
    // only bound to a DPoP key (RFC 9449 §5.2), the FAPI 2.0 profile (provider.ts's features.fapi).
    require_pushed_authorization_requests: profile.par,
    dpop_bound_access_tokens: profile.dpop,
    fapi_2: profile.fapi,
    // Never reviewed: its changes apply at once, whoever of its owner and members makes them
    // (remembered consent, consent-reuse.ts).
    testing_mode: row.status !== 'approved',
  };
  if (row.app_type === 'device') {
    return {
      ...common,
      redirect_uris: [],
      post_logout_redirect_uris: [],
      grant_types: [DEVICE_CODE_GRANT, 'refresh_token'],
      response_types: [],
      // The engine's consent check for native clients then asks its user every time.
      application_type: 'native',
      token_endpoint_auth_method: 'none',
    };
  }
  if (row.app_type === 'service') {
    return {
      ...common,
      redirect_uris: [],
      post_logout_redirect_uris: [],
      grant_types: ['client_credentials'],
      response_types: [],
      application_type: 'web',
      ...authentication(row, secret),
      // Only 'openid' of Omnia's own scopes: a service asks for no person's profile or e-mail (the
      // engine refuses them), and its API scopes are the API's to give (resource-servers.ts).
      scope: 'openid',
    };
  }
  if (row.app_type === 'web') {
    return {
      ...common,
      // FAPI 2.0 §5.3.2.2: never an http redirect URI (the console refuses one; a change racing
      // the switch, or one made before it, is still never used).
      ...(profile.fapi ? { redirect_uris: common.redirect_uris.filter((uri) => !isHttpUri(uri)) } : {}),
      application_type: 'web',
      ...authentication(row, secret),
      // FAPI 2.0 §5.3.2.2: PKCE always (the engine requires it of a FAPI client too).
      require_pkce: row.require_pkce || profile.fapi,
      // FAPI 2.0 §5.4: its ID tokens are ES256 (the RSA keys' companions), never RS256.
      ...(profile.fapi ? { id_token_signed_response_alg: 'ES256' } : {}),
      // Its ID tokens then carry `sid`, which its logout tokens name (Back-Channel Logout 1.0).
      ...(row.backchannel_logout_uri
        ? { backchannel_logout_uri: row.backchannel_logout_uri, backchannel_logout_session_required: true }
        : {}),
    };
  }
  return {
    ...common,
    application_type: row.app_type === 'native' ? 'native' : 'web',
    token_endpoint_auth_method: 'none',
    require_pkce: true,
  };
}
