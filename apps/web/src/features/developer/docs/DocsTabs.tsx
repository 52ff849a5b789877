import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { clientListQuery } from '../api';
import { AuthFlowTab } from './AuthFlowTab';
import { CodeExamplesTab } from './CodeExamplesTab';
import { EndpointsTab } from './EndpointsTab';
import { OverviewTab } from './OverviewTab';

/**
 * The Documentation tab: Overview, Auth Flow, Endpoints, Code Examples, on this deployment's URLs;
 * the examples are filled with the signed-in developer's newest app of each kind.
 */
export function DocsTabs() {
  const { t } = useTranslation('developer', { keyPrefix: 'docs.tabs' });
  const origin = window.location.origin;
  const { user } = useAuth();
  const clients = useQuery({ ...clientListQuery(user?.id ?? ''), enabled: Boolean(user) });
  return (
    <Tabs defaultValue="overview">
      <div>
        <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto">
          <TabsTrigger value="overview">{t('overview')}</TabsTrigger>
          <TabsTrigger value="flow">{t('flow')}</TabsTrigger>
          <TabsTrigger value="endpoints">{t('endpoints')}</TabsTrigger>
          <TabsTrigger value="examples">{t('examples')}</TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="overview">
        <OverviewTab origin={origin} />
      </TabsContent>
      <TabsContent value="flow">
        <AuthFlowTab origin={origin} />
      </TabsContent>
      <TabsContent value="endpoints">
        <EndpointsTab origin={origin} />
      </TabsContent>
      <TabsContent value="examples">
        <CodeExamplesTab origin={origin} clients={clients.data ?? []} />
      </TabsContent>
    </Tabs>
  );
}
