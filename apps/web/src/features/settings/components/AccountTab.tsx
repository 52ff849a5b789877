import type { Profile } from '@omnia/contracts/api';
import type { AuthUser } from '@omnia/contracts/auth';
import { format } from 'date-fns';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from './Field';

/** SPEC Settings → Account: read-only, with its fallbacks. */
export function AccountTab({ profile, user }: { profile: Profile | undefined; user: AuthUser | null }) {
  const joined = user?.created_at ? new Date(user.created_at) : null;
  return (
    <Card className="p-6">
      <dl className="divide-y divide-border">
        <Field label="Full Name">{profile?.full_name || 'Not set'}</Field>
        <Field label="Username">{profile?.username ? `@${profile.username}` : 'Not set'}</Field>
        <Field label="Email Address">{user?.email || 'Not available'}</Field>
        <Field label="Joined">
          {joined && !Number.isNaN(joined.getTime()) ? format(joined, 'MMMM d, yyyy') : 'Unknown'}
        </Field>
        <Field label="Bio">{profile?.bio || 'No bio provided'}</Field>
      </dl>
      <Button asChild variant="outline" className="mt-4">
        <Link to="/profile?edit=1">Edit Profile</Link>
      </Button>
    </Card>
  );
}
