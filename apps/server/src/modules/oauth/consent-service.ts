import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConsentDecisionResponse, ConsentDetails } from '@omnia/contracts/developer';
import { MESSAGES } from '@omnia/contracts/messages';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/connect';
import { createSecurityEventsRepo } from '../security/repo';
import { absoluteUrl } from './account-claims';
import { findClientRow } from './client-store';
import { findGrantId } from './grants';
import { ENGINE_ROUTES } from './provider';
import { restartUrl } from './restart-url';
import type { UsageRecorder } from './usage';

/** An OAuth-style refusal of the consent API: `{ error, error_description }` with a status. */
export class ConsentRefusal extends Error {
  constructor(
    readonly status: 400 | 401 | 403,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

type Http = { req: IncomingMessage; res: ServerResponse };

export function createConsentService(deps: {
  db: Db;
  provider: Provider;
  publicUrl: string;
  recordUsage: UsageRecorder;
}) {
  const { db, provider } = deps;

  /** The pending interaction named by the URL, read through its path-scoped cookie. */
  async function interaction({ req, res }: Http, uid: string) {
    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      throw new ConsentRefusal(400, 'invalid_request', MESSAGES.authorizationExpired);
    }
    if (details.uid !== uid) throw new ConsentRefusal(400, 'invalid_request', MESSAGES.authorizationExpired);
    const clientId = String(details.params.client_id ?? '');
    const client = await findClientRow(db, clientId);
    if (!client || client.status === 'rejected')
      throw new ConsentRefusal(400, 'invalid_client', MESSAGES.unknownClient);
    const scopes = String(details.params.scope ?? '')
      .split(' ')
      .filter(Boolean);
    return { details, client, scopes };
  }

  /** SPEC: a pending client is in testing mode; only its developer may authorize it. */
  function assertMayAuthorize(client: { status: string; user_id: string }, userId: string) {
    if (client.status !== 'approved' && client.user_id !== userId)
      throw new ConsentRefusal(403, 'access_denied', MESSAGES.pendingClientNotOwner);
  }

  async function existingGrant(userId: string, clientId: string) {
    const id = await findGrantId(db, userId, clientId);
    const grant = id ? await provider.Grant.find(id) : undefined;
    return grant && grant.accountId === userId && grant.clientId === clientId ? grant : undefined;
  }

  async function finish(http: Http, userId: string, grantId: string): Promise<string> {
    return provider.interactionResult(
      http.req,
      http.res,
      { login: { accountId: userId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  return {
    async details(http: Http, uid: string, userId: string | null): Promise<ConsentDetails> {
      const { details, client, scopes } = await interaction(http, uid);
      if (userId) {
        assertMayAuthorize(client, userId);
        // Remembered consent: nothing new asked, so no screen.
        const grant = await existingGrant(userId, client.client_id);
        const granted = new Set((grant?.getOIDCScope() ?? '').split(' '));
        if (grant?.jti && scopes.every((s) => granted.has(s))) {
          return {
            client: { name: client.name, description: client.description, logo_url: null },
            scopes,
            prompt: 'consent',
            restart_url: restartUrl(ENGINE_ROUTES.authorization, details.params),
            redirect_to: await finish(http, userId, grant.jti),
          };
        }
      }
      return {
        client: {
          name: client.name,
          description: client.description,
          logo_url: absoluteUrl(deps.publicUrl, client.logo_url) ?? null,
        },
        scopes,
        prompt: details.prompt.name === 'login' && !userId ? 'login' : 'consent',
        restart_url: restartUrl(ENGINE_ROUTES.authorization, details.params),
      };
    },

    async decide(
      http: Http,
      uid: string,
      userId: string,
      approved: boolean,
    ): Promise<ConsentDecisionResponse> {
      const { client, scopes } = await interaction(http, uid);
      if (!approved) {
        deps.recordUsage(client.client_id, 'consent_denied');
        const redirect_to = await provider.interactionResult(
          http.req,
          http.res,
          { error: 'access_denied', error_description: 'End-User denied the authorization request' },
          { mergeWithLastSubmission: false },
        );
        return { redirect_to };
      }
      assertMayAuthorize(client, userId);
      const grant =
        (await existingGrant(userId, client.client_id)) ??
        new provider.Grant({ accountId: userId, clientId: client.client_id });
      grant.addOIDCScope(scopes.join(' '));
      const grantId = await grant.save();
      deps.recordUsage(client.client_id, 'consent_granted');
      await createSecurityEventsRepo(db).insert({
        userId,
        kind: 'app_authorized',
        detail: { app: client.name },
      });
      return { redirect_to: await finish(http, userId, grantId) };
    },
  };
}
export type ConsentService = ReturnType<typeof createConsentService>;
