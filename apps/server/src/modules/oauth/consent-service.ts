import type { IncomingMessage, ServerResponse } from 'node:http';
import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { ConsentDecisionResponse, ConsentDetails, ConsentShown } from '@omnia/contracts/developer';
import { DEVICE_VERIFICATION } from '@omnia/contracts/device';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { Db } from '../../db/connect';
import { ConsentRefusal } from '../../errors';
import type { AuthContext } from '../../http/auth';
import type { ClientsService, UsageRecorder } from '../clients';
import { notify } from '../notifications';
import { securityLog } from '../security';
import { absoluteUrl } from './absolute-url';
import {
  acrFor,
  acrOf,
  claimScopes,
  hintedSubject,
  loginHint,
  maxAgeExceeded,
  needsSecondFactor,
  redirectHost,
  requestedClaims,
  uiLocale,
  wantsTwoStep,
} from './authorization-policy';
import { beyondShown, type ConsentApisDeps, createConsentApis } from './consent-apis';
import {
  assertMayAuthorize,
  assertSameAccount,
  deviceOf,
  type Interaction,
  OWN_SCOPES,
  requestedSubject,
  resourcesOf,
} from './consent-reads';
import type { ConsentReuse } from './consent-reuse';
import { ENGINE_ROUTES } from './engine-constants';
import { freshSignInNeeded } from './fresh-sign-in';
import { type AskedApi, createConsentGrants } from './remembered-consent';
import { pushedRestartRedirect, restartUrl } from './restart-url';

type Http = { req: IncomingMessage; res: ServerResponse };

/**
 * The consent screen's decisions on a pending authorization (the engine's interaction): who may
 * answer it, whether the application asked for a fresh sign-in, whether consent must be asked,
 * and what the engine is told. The caller is the Omnia session of this browser (consent-routes.ts).
 */
export function createConsentService(deps: {
  db: Db;
  clients: ClientsService;
  /** Whether a remembered consent may be used again for a redirect URI (consent-reuse.ts). */
  consentReuse: ConsentReuse;
  /** The engine now (it is rebuilt when signing keys change). */
  provider: () => Provider;
  publicUrl: string;
  recordUsage: UsageRecorder;
  /** Whether the account has a second factor it could use (an authenticator app or a passkey). */
  hasSecondFactor: (userId: string) => Promise<boolean>;
  onAppAuthorized: (userId: string, app: string) => Promise<void>;
  /** Developers' APIs the request names: their names and the scopes asked of them, in words. */
  apisAsked: (
    resources: readonly string[],
    clientId: string,
    scopes: readonly string[],
  ) => Promise<AskedApi[]>;
  /** What the app may get now of an API (canonical identifier), its row held for share in `trx`. */
  apiScopesHeld: ConsentApisDeps['apiScopesHeld'];
}) {
  const { db, provider } = deps;
  const { keepWhatApisHave } = createConsentApis({ db, apiScopesHeld: deps.apiScopesHeld });
  const { consentGrant, rememberedConsent } = createConsentGrants({
    db,
    provider,
    mayReuse: deps.consentReuse,
  });

  /**
   * What a request asks: Omnia's own scopes (with those whose claims the `claims` parameter names,
   * among the app's allowed ones), and developers' APIs with theirs.
   */
  async function askedOf(
    params: Record<string, unknown>,
    client: { client_id: string; allowed_scopes: string[] },
  ) {
    const requested = String(params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    const resources = resourcesOf(params);
    const apis = resources.length ? await deps.apisAsked(resources, client.client_id, requested) : [];
    const own = requested.filter((s) => OWN_SCOPES.has(s));
    const byClaims = claimScopes(params, ['openid', ...client.allowed_scopes]).filter(
      (s) => !own.includes(s),
    );
    return { scopes: [...own, ...byClaims], apis };
  }

  /** The pending interaction named by the URL, read through its path-scoped cookie. */
  async function interaction({ req, res }: Http, uid: string) {
    let details: Interaction;
    try {
      details = await provider().interactionDetails(req, res);
    } catch {
      throw new ConsentRefusal(400, 'invalid_request', 'authorizationExpired');
    }
    if (details.uid !== uid) throw new ConsentRefusal(400, 'invalid_request', 'authorizationExpired');
    const clientId = String(details.params.client_id ?? '');
    const client = await deps.clients.findByClientId(clientId);
    if (!client || client.status === 'rejected')
      throw new ConsentRefusal(400, 'invalid_client', 'unknownClient');
    return { details, client, ...(await askedOf(details.params, client)) };
  }

  /**
   * A request the app pushed (RFC 9126): its app must push (PAR or FAPI 2.0, as the engine has
   * it), or its parameters came from a push the app authenticated (the engine trusts those). It
   * cannot be sent again from the browser.
   */
  async function wasPushed(details: Interaction): Promise<boolean> {
    if (details.trusted?.length) return true;
    const client = await provider().Client.find(String(details.params.client_id ?? ''));
    return client?.requirePushedAuthorizationRequests === true;
  }

  /**
   * Where 'Switch account' goes after the sign-out. A device's authorization cannot be asked again
   * from here (its code is in use): the person starts again on the device (the code page says so).
   * A pushed request is never moved into the browser's URL: its app is told at its redirect URI;
   * with response_mode=form_post, which only a POST can answer, the sign-in page, and the app's
   * request runs out.
   */
  async function restartOf(
    details: Interaction,
    device: boolean,
  ): Promise<Pick<ConsentDetails, 'restart_url' | 'restart_at_app'>> {
    if (device) return { restart_url: DEVICE_VERIFICATION };
    if (!(await wasPushed(details)))
      return { restart_url: restartUrl(ENGINE_ROUTES.authorization, details.params) };
    const atApp = pushedRestartRedirect(details.params, provider().issuer);
    return atApp ? { restart_url: atApp, restart_at_app: true } : { restart_url: '/' };
  }

  /** The engine's result: the sign-in when it asked for one, and the consent. */
  function result(details: Interaction, auth: AuthContext, grantId: string): InteractionResults {
    const consent = { grantId };
    if (details.prompt.name !== 'login') return { consent };
    const ts = Math.floor(auth.authenticatedAt.getTime() / 1000);
    const acr = acrFor(details.params, auth.amr) ?? acrOf(auth.amr);
    return { login: { accountId: auth.userId, ts, amr: auth.amr, acr, remember: true }, consent };
  }

  /** The request demands a level this sign-in cannot give: the application is told (Core 3.1.2.6). */
  const unmet = (http: Http) =>
    finish(http, {
      error: 'unmet_authentication_requirements',
      error_description: 'the sign-in cannot meet the requested acr',
    });

  const finish = (http: Http, outcome: InteractionResults) =>
    provider().interactionResult(http.req, http.res, outcome, { mergeWithLastSubmission: false });

  return {
    async details(http: Http, uid: string, auth: AuthContext | null): Promise<ConsentDetails> {
      const { details, client, scopes, apis } = await interaction(http, uid);
      const device = await deviceOf(provider(), details);
      const base: ConsentDetails = {
        client: {
          name: client.name,
          description: client.description,
          logo_url: absoluteUrl(deps.publicUrl, client.logo_url) ?? null,
          publisher: (await deps.clients.publisherOf(client.client_id)) ?? null,
          homepage_url: client.homepage_url,
          privacy_url: client.privacy_url,
          terms_url: client.terms_url,
          verified: client.status === 'approved',
        },
        redirect_host: device ? '' : redirectHost(details.params),
        scopes,
        prompt: auth ? 'consent' : 'login',
        ...(await restartOf(details, Boolean(device))),
        ...(device ? { device } : {}),
        ...(apis.length ? { apis: apis.map(({ granted: _, ...api }) => api) } : {}),
        login_hint: loginHint(details.params),
        ui_locale: uiLocale(details.params),
      };
      if (!auth) return base;
      assertMayAuthorize(client, auth.userId);
      assertSameAccount(details, auth.userId);
      if (await freshSignInNeeded(db, details, auth.authenticatedAt))
        return { ...base, reauthenticate: true };
      if (needsSecondFactor(details, auth.amr)) {
        if (await deps.hasSecondFactor(auth.userId)) return { ...base, second_factor: 'verify' };
        // The application only asked (acr_values, an acr claim): it is told, and decides (OpenID
        // Connect Core 3.1.2.6 with the unmet_authentication_requirements error). One that requires
        // two factors keeps its user here, to set one up.
        if (!wantsTwoStep(undefined, client.require_two_step)) {
          const description = 'the account has no second factor for the requested acr';
          return {
            ...base,
            redirect_to: await finish(http, {
              error: 'unmet_authentication_requirements',
              error_description: description,
            }),
          };
        }
        return { ...base, second_factor: 'setup' };
      }
      if (acrFor(details.params, auth.amr) === null) return { ...base, redirect_to: await unmet(http) };
      const refuse = async (error: string, error_description: string) => ({
        ...base,
        redirect_to: await finish(http, { error, error_description }),
      });
      const hinted = hintedSubject(details.params);
      // OpenID Connect Core 3.1.2.1: the account id_token_hint names is not the one signed in.
      if (hinted && hinted !== auth.userId)
        return refuse('login_required', 'the signed-in account is not the one id_token_hint names');
      const claimedSub = requestedSubject(details.params);
      if (claimedSub !== undefined && claimedSub !== auth.userId)
        return refuse('login_required', 'the signed-in account is not the one the claims parameter names');
      // This request was finished with a sign-in and a consent, and the engine asks again: something
      // no screen can give. Finishing it again would send the browser round forever.
      if (details.lastSubmission?.login && details.lastSubmission?.consent)
        return refuse('interaction_required', 'the request asks for what this sign-in cannot give');
      const grantId = await rememberedConsent(details, client, scopes, apis, auth.userId);
      if (grantId) return { ...base, redirect_to: await finish(http, result(details, auth, grantId)) };
      return base;
    },

    /**
     * A silent authorization (`prompt=none`) from a browser signed in to Omnia, whose engine session
     * has not seen this app (silent-authorization.ts): what the screen would decide without asking,
     * or the error the application gets instead of a screen (OpenID Connect Core 3.1.2.6). It never
     * records a new consent.
     */
    async silent(uid: string, auth: AuthContext | undefined): Promise<InteractionResults> {
      const refuse = (error: string, error_description: string) => ({ error, error_description });
      const details = (await provider().Interaction.find(uid)) as Interaction | undefined;
      if (!details) return refuse('login_required', 'the authorization request expired');
      if (!auth?.emailConfirmed)
        return refuse('login_required', `nobody is signed in to ${PRODUCT_NAME} in this browser`);
      const client = await deps.clients.findByClientId(String(details.params.client_id ?? ''));
      if (!client || (client.status !== 'approved' && client.user_id !== auth.userId))
        return refuse('access_denied', 'the application is not available');
      const accountId = details.session?.accountId;
      const stale =
        (await freshSignInNeeded(db, details, auth.authenticatedAt)) ||
        maxAgeExceeded(details.params, auth.authenticatedAt);
      if ((accountId && accountId !== auth.userId) || stale)
        return refuse('login_required', 'a new sign-in is required');
      if (needsSecondFactor(details, auth.amr))
        return refuse('interaction_required', 'a second factor is required');
      if (acrFor(details.params, auth.amr) === null)
        return refuse('unmet_authentication_requirements', 'the sign-in cannot meet the requested acr');
      const hinted = hintedSubject(details.params);
      if (hinted && hinted !== auth.userId)
        return refuse('login_required', 'the signed-in account is not the one id_token_hint names');
      const claimedSub = requestedSubject(details.params);
      if (claimedSub !== undefined && claimedSub !== auth.userId)
        return refuse('login_required', 'the signed-in account is not the one the claims parameter names');
      const { scopes, apis } = await askedOf(details.params, client);
      const grantId = await rememberedConsent(details, client, scopes, apis, auth.userId);
      return grantId
        ? result(details, auth, grantId)
        : refuse('consent_required', 'the application needs consent');
    },

    async decide(
      http: Http,
      uid: string,
      auth: AuthContext,
      { approved, shown }: { approved: boolean; shown?: ConsentShown },
      /** Where the decision came from (its activity line). */
      from: { ip: string | null },
    ): Promise<ConsentDecisionResponse> {
      const { details, client, scopes, apis } = await interaction(http, uid);
      // Decided already (a second click, a retry): the same way on to the application, and
      // nothing saved or counted twice.
      if (details.result && details.returnTo) return { redirect_to: details.returnTo };
      if (!approved) {
        deps.recordUsage(client.client_id, 'consent_denied', auth.userId);
        const redirect_to = await finish(http, {
          error: 'access_denied',
          error_description: 'End-User denied the authorization request',
        });
        return { redirect_to };
      }
      assertMayAuthorize(client, auth.userId);
      assertSameAccount(details, auth.userId);
      // The screen asked 'Confirm it's you' first; a decision cannot skip it.
      if (
        (await freshSignInNeeded(db, details, auth.authenticatedAt)) ||
        needsSecondFactor(details, auth.amr)
      )
        throw new ConsentRefusal(403, 'login_required', 'mustBeLoggedInToProceed');
      if (acrFor(details.params, auth.amr) === null) return { redirect_to: await unmet(http) };
      // The screen shows it again, with what was added (the web app asks for the details anew).
      if (shown && beyondShown({ scopes, apis }, shown))
        throw new ConsentRefusal(409, 'invalid_request', 'consentChanged');
      const grant =
        (await consentGrant(auth.userId, client.client_id)) ??
        new (provider().Grant)({ accountId: auth.userId, clientId: client.client_id });
      grant.addOIDCScope(scopes.join(' '));
      for (const api of apis)
        if (api.granted.length) grant.addResourceScope(api.identifier, api.granted.join(' '));
      const claims = requestedClaims(details.params, scopes);
      if (claims.length) grant.addOIDCClaims(claims);
      const grantId = await grant.save();
      await keepWhatApisHave(grantId, apis, client);
      deps.recordUsage(client.client_id, 'consent_granted', auth.userId);
      // The activity and the bell's notice together (the grant itself is the engine's write).
      await db.transaction().execute(async (trx) => {
        await securityLog.record(trx, {
          userId: auth.userId,
          kind: 'app_authorized',
          detail: { app: client.name },
          ip: from.ip,
        });
        await notify(trx, auth.userId, {
          kind: 'app_authorized',
          data: { app: client.name },
        });
      });
      const redirect_to = await finish(http, result(details, auth, grantId));
      // A notice is no reason to fail the authorization: it is logged by the mail worker if it fails.
      await deps.onAppAuthorized(auth.userId, client.name).catch(() => undefined);
      return { redirect_to };
    },
  };
}
export type ConsentService = ReturnType<typeof createConsentService>;
