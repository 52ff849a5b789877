import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CodeBlock } from '../components/CodeBlock';
import { DocCard } from './DocSection';
import type { ExampleConfig } from './examples/config';
import { javascriptExample } from './examples/javascript';
import { nodeExample } from './examples/node';
import { pythonExample } from './examples/python';

export function CodeExamplesTab({ config }: { config: ExampleConfig }) {
  const { t } = useTranslation('developer', { keyPrefix: 'docs.examples' });
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
  ];
  return (
    <DocCard title={t('title')} description={t('intro')}>
      <Tabs defaultValue="node">
        <TabsList>
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
