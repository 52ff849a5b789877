import { PRODUCT_NAME } from '@omnia/contracts/constants';
/** An app's security profile, on the app's page (English). */
export default {
  title: 'Security profile',
  subtitle:
    'For apps that handle money, health or government data: the FAPI 2.0 Security Profile and the standards it is built on.',
  fapi: {
    label: 'FAPI 2.0 security profile',
    hint: 'Turns on everything the profile requires: pushed authorization requests, DPoP-bound tokens, PKCE and authentication with a private key. Refresh tokens are not rotated.',
    webOnly: 'For web applications (apps with a server).',
  },
  par: {
    label: 'Require pushed authorization requests',
    hint: 'Your server pushes each sign-in request to {{endpoint}} first (RFC 9126); a request sent in the URL is refused.',
  },
  dpop: {
    label: 'Require DPoP',
    hint: 'Tokens are bound to a key your app holds (RFC 9449): a token request without a DPoP proof is refused, and a stolen token is useless without the key.',
  },
  byProfile: 'Required by the FAPI 2.0 profile.',
  auth: {
    legend: 'Client authentication',
    secret: 'Client secret',
    secretHint: 'Your server sends its client secret (HTTP Basic).',
    privateKeyJwt: 'Private key JWT',
    privateKeyJwtHint: `Your server signs a short assertion with its private key (PS256, ES256 or EdDSA); ${PRODUCT_NAME} keeps only your public keys.`,
  },
  jwks: {
    label: 'Public keys (JWKS)',
    hint: 'Paste your JSON Web Key Set: public keys only. Add the new key before you switch to it, remove the old one after.',
    placeholder: '{"keys": [{"kty": "EC", "crv": "P-256", "x": "…", "y": "…", "kid": "…"}]}',
    uriLabel: 'Or the URL of your key set',
    uriHint: `${PRODUCT_NAME} fetches it over https and caches it.`,
    uriPlaceholder: 'https://app.example.com/.well-known/jwks.json',
  },
  save: 'Save security profile',
  saving: 'Saving…',
  saved: 'Security profile saved',
};
