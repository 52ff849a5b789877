export type { OAuthEngine } from './engine';
export { endEngineSessionsOf } from './engine-sessions-repo';
export {
  appScopesGrantedBy,
  endAccountGrants,
  endClientGrants,
  endGrantsBeyondScopes,
  narrowApiGrants,
} from './grants-repo';
export { createOAuthModule } from './module';
export { ENGINE_ROUTES } from './provider';
export { OAUTH_PURGE_STEPS } from './purge';
export { createSigningKeys, type SigningKeyState } from './signing-keys';
