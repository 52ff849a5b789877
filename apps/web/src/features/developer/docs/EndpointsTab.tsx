import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { CodeBlock } from '../components/CodeBlock';
import { DocCard } from './DocSection';
import { endpointUrls } from './examples/config';
import { flowSnippets } from './snippets';

type ParamKey =
  | 'client_id'
  | 'redirect_uri'
  | 'response_type'
  | 'scope'
  | 'state'
  | 'code_challenge'
  | 'code_challenge_method'
  | 'client_secret'
  | 'code'
  | 'code_verifier'
  | 'refresh_token'
  | 'token'
  | 'token_type_hint';
type Param = readonly [ParamKey, boolean];

function ParamTable({ params, caption }: { params: readonly Param[]; caption?: string }) {
  const { t } = useTranslation('developer', { keyPrefix: 'docs.endpoints' });
  // A list, not a table: the rows stack on phones and line up in two columns from sm up.
  return (
    <div className="overflow-hidden rounded-md border border-border">
      {caption ? (
        <div className="border-b border-border bg-muted/40 px-3 py-1.5 font-mono text-xs text-muted-foreground">
          {caption}
        </div>
      ) : null}
      <dl className="divide-y divide-border">
        {params.map(([name, required]) => (
          <div key={name} className="grid gap-0.5 px-3 py-2 sm:grid-cols-[15rem_minmax(0,1fr)] sm:gap-3">
            <dt className="flex items-baseline gap-2">
              <code className="font-mono text-xs break-all">{name}</code>
              <span className="text-xs text-muted-foreground">
                {required ? t('required') : t('optional')}
              </span>
            </dt>
            <dd className="text-muted-foreground">{t(`p.${name}`)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Endpoint({ method, url, children }: { method: 'GET' | 'POST'; url: string; children: ReactNode }) {
  return (
    <section className="space-y-3 border-t border-border pt-5 first:border-t-0 first:pt-0">
      <h3 className="flex flex-wrap items-center gap-2">
        <Badge variant={method === 'GET' ? 'success' : 'warning'} className="font-mono">
          {method}
        </Badge>
        <code className="font-mono text-sm break-all">{url}</code>
      </h3>
      {children}
    </section>
  );
}

export function EndpointsTab({ origin }: { origin: string }) {
  const { t } = useTranslation('developer', { keyPrefix: 'docs.endpoints' });
  const url = endpointUrls(origin);
  const s = flowSnippets(origin);
  return (
    <DocCard title={t('title')} description={t('intro')}>
      <div className="space-y-6">
        <Endpoint method="GET" url={url.authorize}>
          <p className="text-muted-foreground">{t('authorize')}</p>
          <ParamTable
            params={[
              ['client_id', true],
              ['redirect_uri', true],
              ['response_type', true],
              ['scope', true],
              ['state', true],
              ['code_challenge', true],
              ['code_challenge_method', true],
            ]}
          />
        </Endpoint>
        <Endpoint method="POST" url={url.token}>
          <p className="text-muted-foreground">{t('token')}</p>
          <ParamTable
            caption={t('tokenCode')}
            params={[
              ['client_id', true],
              ['client_secret', true],
              ['code', true],
              ['redirect_uri', true],
              ['code_verifier', true],
            ]}
          />
          <ParamTable
            caption={t('tokenRefresh')}
            params={[
              ['client_id', true],
              ['client_secret', true],
              ['refresh_token', true],
            ]}
          />
          <CodeBlock code={s.tokenResponse} language="json" title={t('response')} />
        </Endpoint>
        <Endpoint method="GET" url={url.userinfo}>
          <p className="text-muted-foreground">{t('userinfo')}</p>
          <p className="font-mono text-xs">{t('userinfoHeader')}</p>
          <CodeBlock code={s.userinfoResponse} language="json" title={t('response')} />
        </Endpoint>
        <Endpoint method="POST" url={url.revoke}>
          <p className="text-muted-foreground">{t('revoke')}</p>
          <ParamTable
            params={[
              ['client_id', true],
              ['client_secret', true],
              ['token', true],
              ['token_type_hint', false],
            ]}
          />
        </Endpoint>
        <Endpoint method="GET" url={url.discovery}>
          <p className="text-muted-foreground">{t('discovery')}</p>
        </Endpoint>
      </div>
    </DocCard>
  );
}
