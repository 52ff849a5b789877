import type { Profile } from '@omnia/contracts/api';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Breakable } from '@/components/ui/breakable';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** 'Manage Account' and 'Privacy Settings' open the matching Settings tab. */
const SETTINGS_LINKS = [
  ['manageAccount', '/settings?tab=account'],
  ['privacySettings', '/settings?tab=security'],
] as const;

/** Avatar, name, @username, bio, and the SPEC's three links ('Edit Profile' opens /profile). */
export function ProfileCard({ profile }: { profile: Profile | undefined }) {
  const { t } = useTranslation('dashboard');
  if (!profile)
    return (
      <Card className="flex items-center gap-4 p-6">
        <Skeleton className="size-16 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-24" />
        </div>
      </Card>
    );
  return (
    <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center" data-testid="profile-card">
      <Avatar src={profile.avatar_url} fullName={profile.full_name} className="size-16 text-xl" />
      <div className="min-w-0 flex-1">
        <p className="text-lg font-semibold">
          <Breakable text={profile.full_name?.trim() || t('user')} />
        </p>
        {profile.username ? (
          <p className="text-sm text-muted-foreground">
            <Breakable text={`@${profile.username}`} />
          </p>
        ) : null}
        {profile.bio ? <p className="mt-2 text-sm leading-relaxed">{profile.bio}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2 sm:flex-col sm:items-end">
        <Link to="/profile?edit=1" className="text-sm font-medium text-primary hover:underline">
          {t('profile.edit')}
        </Link>
        {SETTINGS_LINKS.map(([key, to]) => (
          <Link key={key} to={to} className="text-sm font-medium text-primary hover:underline">
            {t(`profile.${key}`)}
          </Link>
        ))}
      </div>
    </Card>
  );
}
