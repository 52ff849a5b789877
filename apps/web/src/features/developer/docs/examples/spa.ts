import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { EXAMPLE_SCOPE, type ExampleConfig, literal, resolveConfig } from './config';

/**
 * A React single-page app with oidc-client-ts: a public client (no secret), the code flow with
 * PKCE, renewal with the rotating refresh token, revocation and RP-initiated logout on sign-out.
 */
export function spaExample(config: ExampleConfig): string {
  const c = resolveConfig(config);
  return `// OmniaLogin.jsx: sign in with ${PRODUCT_NAME} from a React single-page app (npm i oidc-client-ts).
// Register the app as a 'Single-page app' with the redirect URI <your origin>/callback and the
// post-logout redirect URI <your origin>/. It has no client secret; oidc-client-ts sends PKCE.
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { useEffect, useState } from 'react';

export const userManager = new UserManager({
  authority: ${literal(c.origin)},
  client_id: ${literal(c.clientId)},
  redirect_uri: window.location.origin + '/callback',
  post_logout_redirect_uri: window.location.origin + '/',
  scope: ${literal(EXAMPLE_SCOPE)},
  // Renews with the refresh token before the access token expires (no iframe, no third-party cookie).
  automaticSilentRenew: true,
  // Signing out revokes the refresh token too, so a copy left in the browser is worth nothing.
  revokeTokensOnSignout: true,
  userStore: new WebStorageStateStore({ store: window.sessionStorage }),
});

export function OmniaLogin() {
  const [user, setUser] = useState(null);
  const [error, setError] = useState(null);

  useEffect(() => {
    const loaded = (next) => setUser(next);
    userManager.events.addUserLoaded(loaded);
    if (window.location.pathname === '/callback') {
      userManager.signinRedirectCallback().then((next) => {
        window.history.replaceState({}, '', '/');
        setUser(next);
      }, setError);
    } else {
      userManager.getUser().then(setUser, setError);
    }
    return () => userManager.events.removeUserLoaded(loaded);
  }, []);

  if (error) return <p role="alert">Sign-in failed: {error.message}</p>;
  if (!user) return <button onClick={() => userManager.signinRedirect()}>Sign in with ${PRODUCT_NAME}</button>;
  return (
    <div>
      <p>
        Signed in as <strong>{user.profile.name}</strong> ({user.profile.email})
      </p>
      <button onClick={() => userManager.signinSilent().then(setUser, setError)}>Renew tokens</button>
      <button onClick={() => userManager.signoutRedirect()}>Sign out</button>
    </div>
  );
}
`;
}
