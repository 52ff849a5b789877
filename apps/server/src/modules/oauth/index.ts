export type { OAuthEngine } from './engine';
export { ENGINE_ROUTES } from './engine-constants';
export { endEngineSessionsOf } from './engine-sessions-repo';
export {
  appScopesGrantedBy,
  endAccountGrants,
  endClientGrants,
  endGrantsBeyondScopes,
  endOneFactorSignIns,
  narrowApiGrants,
} from './grants-repo';
export { createOAuthModule } from './module';
export { OAUTH_PURGE_STEPS } from './purge';
export { createSigningKeys, type SigningKeyState } from './signing-keys';
