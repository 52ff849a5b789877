import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { ApiList } from './apis/ApiList';
import { ClientCardSkeleton } from './components/ClientCard';
import { ClientList } from './components/ClientList';
import { DeveloperShell } from './components/DeveloperShell';
import { SignInNotice } from './components/SignInNotice';
import { DocsTabs } from './docs/DocsTabs';
import { RegistrationTokens } from './registration/RegistrationTokens';

const TABS = ['applications', 'apis', 'registration', 'documentation'] as const;

/** /dev-program/oauth2 — the developer's clients and the integration documentation. */
export function DeveloperDashboardPage() {
  useScreenTitle('developer');
  const { t } = useTranslation('developer');
  const { t: ta } = useTranslation('apis');
  const { t: tr } = useTranslation('registration');
  const { user, loading } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((name) => name === params.get('tab')) ?? 'applications';

  return (
    <DeveloperShell>
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">{t('dashboard.title')}</h1>
          <p className="text-muted-foreground">{t('dashboard.subtitle', { product: PRODUCT_NAME })}</p>
        </div>
        <Button asChild variant="brand" className="self-start sm:self-auto">
          <Link to="/dev-program/oauth2/new">
            <Plus />
            {t('dashboard.registerNew')}
          </Link>
        </Button>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(value === 'applications' ? {} : { tab: value }, { replace: true })
        }
      >
        {/* Four tabs are wider than a phone: the row scrolls rather than widening the page. */}
        <TabsList className="max-w-full justify-start overflow-x-auto">
          <TabsTrigger value="applications">{t('dashboard.tabApps')}</TabsTrigger>
          <TabsTrigger value="apis">{ta('tab')}</TabsTrigger>
          <TabsTrigger value="registration">{tr('tab')}</TabsTrigger>
          <TabsTrigger value="documentation">{t('dashboard.tabDocs')}</TabsTrigger>
        </TabsList>
        <TabsContent value="applications" className="mt-6">
          {loading ? (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <ClientCardSkeleton />
              <ClientCardSkeleton />
              <ClientCardSkeleton />
            </div>
          ) : user ? (
            <ClientList userId={user.id} />
          ) : (
            <SignInNotice returnTo="/dev-program/oauth2" />
          )}
        </TabsContent>
        <TabsContent value="apis" className="mt-6">
          {loading ? null : user ? (
            <ApiList userId={user.id} />
          ) : (
            <SignInNotice returnTo="/dev-program/oauth2?tab=apis" />
          )}
        </TabsContent>
        <TabsContent value="registration" className="mt-6">
          {loading ? null : user ? (
            <RegistrationTokens userId={user.id} />
          ) : (
            <SignInNotice returnTo="/dev-program/oauth2?tab=registration" />
          )}
        </TabsContent>
        <TabsContent value="documentation" className="mt-6">
          <DocsTabs />
        </TabsContent>
      </Tabs>
    </DeveloperShell>
  );
}
export { DeveloperDashboardPage as Component };
