import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '../components/CodeBlock';
import { DocCard, DocStep } from './DocSection';
import { flowSnippets } from './snippets';

export function AuthFlowTab({ origin }: { origin: string }) {
  const { t } = useTranslation('developer', { keyPrefix: 'docs.flow' });
  const product = PRODUCT_NAME;
  const s = flowSnippets(origin);
  return (
    <DocCard title={t('title')} description={t('intro', { product })}>
      <div className="space-y-6">
        <DocStep title={t('step1Title')} body={t('step1Body')}>
          <CodeBlock code={s.pkce} language="javascript" title="Node.js" />
        </DocStep>
        <DocStep title={t('step2Title')} body={t('step2Body')}>
          <CodeBlock code={s.authorize} language="http" title="GET /oauth2/authorize" />
        </DocStep>
        <DocStep title={t('step3Title')} body={t('step3Body', { product })}>
          <CodeBlock code={s.callback} language="http" title={t('callbackTitle')} />
        </DocStep>
        <DocStep title={t('step4Title')} body={t('step4Body')}>
          <CodeBlock code={s.token} language="bash" title="POST /oauth2/token" />
          <CodeBlock code={s.tokenResponse} language="json" title="200 OK" />
        </DocStep>
        <DocStep title={t('step5Title')}>
          <CodeBlock code={s.userinfo} language="bash" title="GET /oauth2/userinfo" />
          <CodeBlock code={s.userinfoResponse} language="json" title="200 OK" />
        </DocStep>
        <DocStep title={t('step6Title')} body={t('step6Body')}>
          <CodeBlock code={s.refresh} language="bash" title="POST /oauth2/token" />
        </DocStep>
        <DocStep title={t('step7Title')}>
          <CodeBlock code={s.revoke} language="bash" title="POST /oauth2/revoke" />
        </DocStep>
      </div>
    </DocCard>
  );
}
