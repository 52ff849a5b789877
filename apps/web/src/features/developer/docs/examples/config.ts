/** What every documentation example is rendered with. Pure data: a test can render the examples too. */
export interface ExampleConfig {
  /** This deployment's origin, e.g. window.location.origin (the OAuth issuer). */
  origin: string;
  clientId?: string;
  clientSecret?: string;
  redirectUri?: string;
}

/** Scopes the examples ask for: openid adds an id_token; profile and email are the SPEC's scopes. */
export const EXAMPLE_SCOPE = 'openid profile email';
export const EXAMPLE_REDIRECT_URI = 'http://localhost:3000/callback';

export function resolveConfig(config: ExampleConfig) {
  return {
    origin: config.origin.replace(/\/+$/, ''),
    clientId: config.clientId ?? 'YOUR_CLIENT_ID',
    clientSecret: config.clientSecret ?? 'YOUR_CLIENT_SECRET',
    redirectUri: config.redirectUri ?? EXAMPLE_REDIRECT_URI,
  };
}

/** The endpoints of SPEC §7 'Documented to third parties', on this deployment. */
export function endpointUrls(origin: string) {
  const base = origin.replace(/\/+$/, '');
  return {
    authorize: `${base}/oauth2/authorize`,
    token: `${base}/oauth2/token`,
    userinfo: `${base}/oauth2/userinfo`,
    revoke: `${base}/oauth2/revoke`,
    discovery: `${base}/.well-known/openid-configuration`,
    jwks: `${base}/oauth2/jwks`,
  };
}

/** A single-quoted string literal, valid in JavaScript and Python source. */
export const literal = (value: string) =>
  `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

/** A double-quoted Python string literal (JSON string escapes are valid Python escapes). */
export const pyLiteral = (value: string) => JSON.stringify(value);
