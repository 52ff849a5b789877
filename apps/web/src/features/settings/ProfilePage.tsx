import { displayNameOf } from '@omnia/contracts/names';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { IdentityForm } from '@/components/profile/IdentityForm';
import { Avatar } from '@/components/ui/avatar';
import { Breakable } from '@/components/ui/breakable';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useScreenTitle } from '@/lib/document-title';
import { formatDate } from '@/lib/format';
import { message } from '@/lib/messages';
import { useMyProfile } from '@/lib/profile';
import { Field } from './components/Field';

/** The signed-in user's profile; `?edit=1` (the 'Edit Profile' buttons) opens the editor. */
export function ProfilePage() {
  useScreenTitle('profile');
  const { data: profile } = useMyProfile();
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit') === '1';
  const setEditing = (on: boolean) => setParams(on ? { edit: '1' } : {}, { replace: true });
  const { t } = useTranslation('settings', { keyPrefix: 'profile' });
  if (!profile) return <Skeleton className="mx-auto h-64 max-w-3xl" />;
  const born = profile.date_of_birth ? new Date(`${profile.date_of_birth}T00:00:00`) : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex items-center gap-4">
        <Avatar src={profile.avatar_url} fullName={profile.full_name} className="size-20 text-2xl" />
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">
            <Breakable text={displayNameOf(profile.full_name)} />
          </h1>
          {profile.username ? (
            <p className="text-muted-foreground">
              <Breakable text={`@${profile.username}`} />
            </p>
          ) : null}
        </div>
      </div>
      <Card className="p-6">
        {editing ? (
          <IdentityForm
            submitLabel={t('save')}
            onSaved={() => {
              toast.success(message('profileUpdated'));
              setEditing(false);
            }}
            actions={
              <Button type="button" variant="outline" className="sm:w-32" onClick={() => setEditing(false)}>
                {t('cancel')}
              </Button>
            }
          />
        ) : (
          <>
            <dl className="divide-y divide-border">
              <Field label={t('dateOfBirth')}>{born ? formatDate(born) : t('notSet')}</Field>
              <Field label={t('aboutMe')}>{profile.bio || t('noBio')}</Field>
            </dl>
            <Button variant="outline" className="mt-4" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              {t('edit')}
            </Button>
          </>
        )}
      </Card>
    </div>
  );
}
export { ProfilePage as Component };
