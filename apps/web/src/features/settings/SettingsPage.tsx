import { useEffect } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { useMyProfile } from '@/lib/profile';
import { AccountTab } from './components/AccountTab';
import { SecurityTab } from './components/SecurityTab';

/** SPEC Settings: Account and Security tabs. */
export function SettingsPage() {
  const { user } = useAuth();
  const profile = useMyProfile();
  useEffect(() => {
    document.title = 'Settings';
  }, []);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
      <Tabs defaultValue="account">
        <TabsList>
          <TabsTrigger value="account">Account</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
        </TabsList>
        <TabsContent value="account" className="mt-4">
          <AccountTab profile={profile.data} user={user} />
        </TabsContent>
        <TabsContent value="security" className="mt-4">
          {/* OAuth clients arrive with the Developer Program server (issue 4). */}
          <SecurityTab user={user} clientId={null} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
export { SettingsPage as Component };
