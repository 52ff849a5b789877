import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../components/CodeBlock';
import { DocCard } from './DocSection';
import { flowSnippets } from './snippets';

const SCOPE_ROWS = [
  { scope: 'openid', claims: 'sub' },
  { scope: 'profile', claims: 'name, preferred_username, picture' },
  { scope: 'email', claims: 'email, email_verified' },
] as const;

export function OverviewTab({ origin }: { origin: string }) {
  const { t } = useTranslation('developer', { keyPrefix: 'docs.overview' });
  const { t: tScope } = useTranslation('developer');
  const product = PRODUCT_NAME;
  const steps = [t('step1'), t('step2'), t('step3')];
  const rules = [t('pkce'), t('state'), t('exact'), t('secret')];
  return (
    <div className="space-y-6">
      <DocCard title={t('title', { product })} description={t('intro', { product })}>
        <h3 className="font-semibold">{t('stepsTitle')}</h3>
        <ol className="space-y-3">
          {steps.map((step, i) => (
            <li key={step} className="flex gap-3">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary">
                {i + 1}
              </span>
              <span className="text-muted-foreground">{step}</span>
            </li>
          ))}
        </ol>
      </DocCard>
      <DocCard title={t('scopesTitle')}>
        <div className="overflow-x-auto rounded-md border border-border">
          <table className="w-full text-left text-sm">
            <thead className="bg-muted/60 text-xs text-muted-foreground uppercase">
              <tr>
                <th className="px-3 py-2 font-medium">{t('scopeCol')}</th>
                <th className="px-3 py-2 font-medium">{t('grantsCol')}</th>
                <th className="px-3 py-2 font-medium">{t('claimsCol')}</th>
              </tr>
            </thead>
            <tbody>
              {SCOPE_ROWS.map((row) => (
                <tr key={row.scope} className="border-t border-border">
                  <td className="px-3 py-2 font-mono text-xs">{row.scope}</td>
                  <td className="px-3 py-2">
                    {row.scope === 'openid' ? t('scopeOpenid') : tScope(`scopeLabels.${row.scope}`)}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs text-muted-foreground">{row.claims}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </DocCard>
      <DocCard title={t('securityTitle')}>
        <ul className="space-y-2">
          {rules.map((rule) => (
            <li key={rule} className="flex gap-2.5">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              <span>{rule}</span>
            </li>
          ))}
        </ul>
      </DocCard>
      <DocCard title={t('discoveryTitle')} description={t('discoveryBody')}>
        <CodeBlock code={flowSnippets(origin).discovery} language="text" title="URL" />
      </DocCard>
    </div>
  );
}
