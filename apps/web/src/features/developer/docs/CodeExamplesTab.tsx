import type { AppType } from '@omnia/contracts/constants';
import type { OAuthClient } from '@omnia/contracts/developer';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CodeBlock } from '../components/CodeBlock';
import { DocCard } from './DocSection';
import type { ExampleConfig } from './examples/config';
import { deviceExample } from './examples/device';
import { javascriptExample } from './examples/javascript';
import { nativeExample } from './examples/native';
import { nodeExample } from './examples/node';
import { pythonExample } from './examples/python';
import { apiExample, serviceExample } from './examples/service';
import { spaExample } from './examples/spa';

/** One example per kind of app, each with the Client ID of the developer's newest app of its kind. */
export function CodeExamplesTab({ origin, clients }: { origin: string; clients: readonly OAuthClient[] }) {
  const { t } = useTranslation('developer', { keyPrefix: 'docs.examples' });
  const configOf = (type: AppType): ExampleConfig => {
    // The list is newest first.
    const newest = clients.find((c) => c.app_type === type);
    return newest ? { origin, clientId: newest.client_id } : { origin };
  };
  const config = configOf('web');
  const examples = [
    {
      key: 'node',
      label: t('node'),
      run: t('nodeRun'),
      file: 'omnia-login.mjs',
      lang: 'javascript',
      code: nodeExample(config),
    },
    {
      key: 'python',
      label: t('python'),
      run: t('pythonRun'),
      file: 'omnia_login.py',
      lang: 'python',
      code: pythonExample(config),
    },
    {
      key: 'javascript',
      label: t('javascript'),
      run: t('javascriptRun'),
      file: 'omnia-oauth.js',
      lang: 'javascript',
      code: javascriptExample(config),
    },
    {
      key: 'spa',
      label: t('spa'),
      run: t('spaRun'),
      file: 'OmniaLogin.jsx',
      lang: 'javascript',
      code: spaExample(configOf('spa')),
    },
    {
      key: 'native',
      label: t('native'),
      run: t('nativeRun'),
      file: 'omnia-cli.mjs',
      lang: 'javascript',
      code: nativeExample(configOf('native')),
    },
    {
      key: 'device',
      label: t('device'),
      run: t('deviceRun'),
      file: 'omnia-device.mjs',
      lang: 'javascript',
      code: deviceExample(configOf('device')),
    },
    {
      key: 'service',
      label: t('service'),
      run: t('serviceRun'),
      file: 'omnia-service.mjs',
      lang: 'javascript',
      code: serviceExample(configOf('service')),
    },
    {
      key: 'api',
      label: t('api'),
      run: t('apiRun'),
      file: 'omnia-api.mjs',
      lang: 'javascript',
      code: apiExample(config),
    },
  ];
  return (
    <DocCard title={t('title')} description={t('intro')}>
      <Tabs defaultValue="node">
        <TabsList className="h-auto flex-wrap justify-start">
          {examples.map((e) => (
            <TabsTrigger key={e.key} value={e.key}>
              {e.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {examples.map((e) => (
          <TabsContent key={e.key} value={e.key} className="space-y-3">
            <p className="text-muted-foreground">{e.run}</p>
            <CodeBlock code={e.code} language={e.lang} title={e.file} />
          </TabsContent>
        ))}
      </Tabs>
    </DocCard>
  );
}
