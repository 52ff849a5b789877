import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { loadEngineKeys } from './keys';
import { createProvider, ENGINE_ROUTES, type EngineDeps } from './provider';
import { createRequestRows } from './request-rows';
import { createUsageLog, type UsageLog, type UsageLogOptions } from './usage';

export interface OAuthEngine {
  provider: Provider;
  /** True for the paths the engine answers (everything else goes to the app). */
  owns(pathname: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** The usage events of the engine and the app's consent and connected-apps routes. */
  usage: UsageLog;
}

/**
 * SPEC §7 documents `profile email` without `openid`, and userinfo must still answer for it; the
 * engine only serves userinfo to tokens carrying `openid`, so it is added to every authorization
 * request before the engine reads it.
 */
export function withOpenIdScope(url: string): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  const scopes = (params.get('scope') ?? '').split(' ').filter(Boolean);
  if (scopes.includes('openid')) return url;
  params.set('scope', ['openid', ...scopes].join(' '));
  return `${path}?${params}`;
}

type Deps = Omit<EngineDeps, 'keys' | 'recordUsage' | 'requestRows'> & { usage?: Partial<UsageLogOptions> };

export async function createOAuthEngine({ usage: usageOptions, ...deps }: Deps): Promise<OAuthEngine> {
  const keys = await loadEngineKeys(deps.db, deps.secretKey);
  const usage = createUsageLog(deps.db, deps.logger, usageOptions);
  const requestRows = createRequestRows();
  const provider = createProvider({ ...deps, keys, recordUsage: usage.record, requestRows });
  const callback = provider.callback();
  return {
    provider,
    usage,
    owns(pathname) {
      if (pathname.startsWith('/.well-known/')) return true;
      // /oauth2/consent/* is our screen and its API; /oauth2/authorize/:uid is the engine's resume.
      return pathname.startsWith('/oauth2/') && !pathname.startsWith('/oauth2/consent');
    },
    handle(req, res) {
      let clientId: string | undefined;
      if (req.method === 'GET' && req.url) {
        const url = new URL(req.url, 'http://x');
        if (url.pathname === ENGINE_ROUTES.authorization) {
          req.url = withOpenIdScope(req.url);
          // The session lookup also reads this client (session-rows.ts); an absurd id is not a hint.
          const named = url.searchParams.get('client_id');
          if (named && named.length <= 200) clientId = named;
        }
      }
      void requestRows.run(() => callback(req, res), { clientId });
    },
  };
}
