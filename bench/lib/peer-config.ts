/** Shared by the peer process (peer-server.ts) and the bench (peer.ts). oidc-provider's default routes. */
export const PEER_CLIENT_ID = 'bench-peer-client';
export const PEER_ROUTES = {
  authorize: '/auth',
  token: '/token',
  userinfo: '/me',
  introspect: '/token/introspection',
} as const;
