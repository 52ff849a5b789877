import type { AuthUser } from '@omnia/contracts/auth';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { ActiveSessions } from './ActiveSessions';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { ClientIdBlock } from './ClientIdBlock';
import { ConnectedApps } from './ConnectedApps';
import { PasskeysCard } from './PasskeysCard';
import { SecurityActivity } from './SecurityActivity';
import { TwoStepCard } from './TwoStepCard';

/**
 * SPEC Settings → Security: verification, password, Client ID, plus second steps, passkeys,
 * sessions, connected apps and one filterable list of security activity (sign-ins included).
 */
export function SecurityTab({ user, clientId }: { user: AuthUser | null; clientId: string | null }) {
  const { t } = useTranslation('settings', { keyPrefix: 'security' });
  return (
    <div className="space-y-6">
      <Card className="space-y-5 p-6">
        {user?.email_confirmed_at ? (
          <p className="flex items-center gap-2 text-sm font-medium text-success">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {t('emailVerified')}
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm font-medium text-destructive">
            <XCircle className="size-4" aria-hidden="true" />
            {t('emailNotVerified')}
          </p>
        )}
        <ChangePasswordDialog />
        <ClientIdBlock clientId={clientId} />
      </Card>
      {user ? (
        <>
          <TwoStepCard userId={user.id} />
          <PasskeysCard userId={user.id} />
          <Card className="p-6">
            <h2 className="mb-2 text-base font-semibold">{t('activeSessions')}</h2>
            <ActiveSessions userId={user.id} />
          </Card>
          <Card className="p-6">
            <h2 className="mb-2 text-base font-semibold">{t('connectedApps')}</h2>
            <ConnectedApps userId={user.id} />
          </Card>
          <Card className="p-6">
            <h2 className="mb-2 text-base font-semibold">{t('activity')}</h2>
            <SecurityActivity userId={user.id} />
          </Card>
        </>
      ) : null}
    </div>
  );
}
