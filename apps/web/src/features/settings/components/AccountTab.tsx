import type { Profile } from '@omnia/contracts/api';
import type { AuthUser } from '@omnia/contracts/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Breakable } from '@/components/ui/breakable';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { ChangeEmailDialog } from './ChangeEmailDialog';
import { DeleteAccountCard } from './DeleteAccountCard';
import { DownloadDataCard } from './DownloadDataCard';
import { Field } from './Field';
import { PendingEmailChange } from './PendingEmailChange';
import { PreferencesCard } from './PreferencesCard';

/** SPEC Settings → Account: read-only, with its fallbacks. */
export function AccountTab({ profile, user }: { profile: Profile | undefined; user: AuthUser | null }) {
  const { t } = useTranslation('settings', { keyPrefix: 'account' });
  const joined = user?.created_at ? new Date(user.created_at) : null;
  return (
    <div className="space-y-6">
      <Card className="p-6">
        <dl className="divide-y divide-border">
          <Field label={t('fullName')}>
            {profile?.full_name ? <Breakable text={profile.full_name} /> : t('notSet')}
          </Field>
          <Field label={t('username')}>
            {profile?.username ? <Breakable text={`@${profile.username}`} /> : t('notSet')}
          </Field>
          <Field label={t('email')}>
            <span className="flex flex-wrap items-center gap-3">
              {user?.email ? <Breakable text={user.email} className="min-w-0" /> : t('notAvailable')}
              {user ? <ChangeEmailDialog /> : null}
            </span>
            {user ? <PendingEmailChange userId={user.id} /> : null}
          </Field>
          <Field label={t('joined')}>
            {joined && !Number.isNaN(joined.getTime()) ? formatDate(joined) : t('unknown')}
          </Field>
          <Field label={t('bio')}>{profile?.bio || t('noBio')}</Field>
        </dl>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/profile?edit=1">{t('editProfile')}</Link>
        </Button>
      </Card>
      {user ? <PreferencesCard userId={user.id} /> : null}
      {user ? <DownloadDataCard /> : null}
      {user ? <DeleteAccountCard email={user.email} /> : null}
    </div>
  );
}
