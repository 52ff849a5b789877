import { displayNameOf } from '@omnia/contracts/names';
import { format } from 'date-fns';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMyProfile } from '@/lib/profile';
import { Field } from './components/Field';

/** The signed-in user's profile, read-only, with a way to edit it. */
export function ProfilePage() {
  const { data: profile } = useMyProfile();
  useEffect(() => {
    document.title = 'Profile | Omnia';
  }, []);
  if (!profile) return <Skeleton className="mx-auto h-64 max-w-3xl" />;
  const born = profile.date_of_birth ? new Date(`${profile.date_of_birth}T00:00:00`) : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex items-center gap-4">
        <Avatar src={profile.avatar_url} fullName={profile.full_name} className="size-20 text-2xl" />
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{displayNameOf(profile.full_name)}</h1>
          {profile.username ? <p className="text-muted-foreground">@{profile.username}</p> : null}
        </div>
      </div>
      <Card className="p-6">
        <dl className="divide-y divide-border">
          <Field label="Date of Birth">{born ? format(born, 'MMMM d, yyyy') : 'Not set'}</Field>
          <Field label="About Me">{profile.bio || 'No bio provided'}</Field>
        </dl>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/signup/identity">Edit Profile</Link>
        </Button>
      </Card>
    </div>
  );
}
export { ProfilePage as Component };
