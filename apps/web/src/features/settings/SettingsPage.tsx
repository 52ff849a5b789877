import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { useMyProfile } from '@/lib/profile';
import { newestClientQuery } from './api';
import { AccountTab } from './components/AccountTab';
import { SecurityTab } from './components/SecurityTab';

/** SPEC Settings: Account and Security tabs. */
export function SettingsPage() {
  useScreenTitle('settings');
  const { user } = useAuth();
  const profile = useMyProfile();
  // SPEC: the Client ID shown is the newest client the user registered.
  const newest = useQuery(newestClientQuery(user?.id));
  const { t } = useTranslation('settings');
  // Back from the new address's confirmation link.
  const [params, setParams] = useSearchParams();
  // The tab lives in the URL (?tab=security), so a reload or a link keeps it.
  const tab = params.get('tab') === 'security' ? 'security' : 'account';
  const emailChanged = params.get('email') === 'changed';
  const title = t('title');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {emailChanged ? (
        <p role="status" className="rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm">
          {t('changeEmail.changed')}
        </p>
      ) : null}
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(
            (p) => {
              const kept = new URLSearchParams(p);
              kept.set('tab', next);
              kept.delete('email');
              return kept;
            },
            { replace: true },
          )
        }
      >
        <TabsList>
          <TabsTrigger value="account">{t('tabs.account')}</TabsTrigger>
          <TabsTrigger value="security">{t('tabs.security')}</TabsTrigger>
        </TabsList>
        <TabsContent value="account" className="mt-4">
          <AccountTab profile={profile.data} user={user} />
        </TabsContent>
        <TabsContent value="security" className="mt-4">
          <SecurityTab user={user} clientId={newest.data?.client_id ?? null} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
export { SettingsPage as Component };
