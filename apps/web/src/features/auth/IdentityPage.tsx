import { zodResolver } from '@hookform/resolvers/zod';
import {
  API,
  type AvatarResponse,
  type Profile,
  type UsernameAvailabilityResponse,
} from '@omnia/contracts/api';
import { MESSAGES } from '@omnia/contracts/messages';
import { initialsOf } from '@omnia/contracts/names';
import { type IdentityInput, identitySchema } from '@omnia/contracts/profile';
import { AtSign, Calendar, User } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useMyProfile } from '@/lib/profile';
import { AuthShell } from './components/AuthShell';
import { AvatarPicker } from './components/AvatarPicker';
import { StepIndicator } from './components/StepIndicator';
import './locales/onboarding-en';

async function usernameIsFree(username: string): Promise<boolean> {
  try {
    const q = new URLSearchParams({ username });
    return (await api<UsernameAvailabilityResponse>(`${API.usernameAvailable}?${q}`)).available;
  } catch {
    // SPEC: a failed lookup counts as taken.
    return false;
  }
}

/** Onboarding step 2: picture, name, username, date of birth and bio. */
export function IdentityPage() {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const { session } = useAuth();
  const [avatar, setAvatar] = useState<File | null>(null);
  const profile = useMyProfile();
  const form = useForm<IdentityInput>({
    resolver: zodResolver(identitySchema),
    defaultValues: { full_name: '', username: '', date_of_birth: '', bio: '' },
  });
  const { reset } = form;
  useEffect(() => {
    const p = profile.data;
    if (p)
      reset(
        {
          full_name: p.full_name ?? '',
          username: p.username ?? '',
          date_of_birth: p.date_of_birth ?? '',
          bio: p.bio ?? '',
        },
        // Whatever the user already typed wins over the stored values arriving late.
        { keepDirtyValues: true, keepErrors: true },
      );
  }, [profile.data, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!session) {
      toast.error(MESSAGES.identityNotLoggedIn);
      navigate('/login');
      return;
    }
    if (!(await usernameIsFree(values.username))) {
      form.setError('username', { message: MESSAGES.usernameTaken });
      return;
    }
    if (avatar) {
      try {
        const form = new FormData();
        form.set('file', avatar);
        await api<AvatarResponse>(API.me.avatar, { method: 'POST', body: form });
      } catch {
        // SPEC: a failed avatar upload is ignored and the previous picture kept.
      }
    }
    try {
      await api<Profile>(API.me.profile, { method: 'PUT', body: values });
      await profile.refetch();
      toast.success(MESSAGES.identitySuccess);
      navigate('/signup/setup');
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : MESSAGES.identityFailure;
      if (message === MESSAGES.usernameTaken) form.setError('username', { message });
      toast.error(message);
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <AuthShell
      title={t('identity.title')}
      description={t('identity.subtitle')}
      above={<StepIndicator active={2} labels={t('steps', { returnObjects: true }) as string[]} />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <AvatarPicker
          label={t('identity.picture')}
          hint={t('identity.pictureHint')}
          buttonLabel={t('identity.choosePicture')}
          currentUrl={profile.data?.avatar_url ?? null}
          initials={initialsOf(form.watch('full_name'))}
          onChange={setAvatar}
        />
        <Input
          label={t('identity.fullName')}
          placeholder={t('identity.fullNamePlaceholder')}
          autoComplete="name"
          leftIcon={<User />}
          error={errors.full_name?.message}
          {...form.register('full_name')}
        />
        <Input
          label={t('identity.username')}
          placeholder={t('identity.usernamePlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          leftIcon={<AtSign />}
          error={errors.username?.message}
          {...form.register('username')}
        />
        <Input
          type="date"
          label={t('identity.dateOfBirth')}
          autoComplete="bday"
          leftIcon={<Calendar />}
          max={new Date().toISOString().slice(0, 10)}
          error={errors.date_of_birth?.message}
          {...form.register('date_of_birth')}
        />
        <Textarea
          label={t('identity.bio')}
          placeholder={t('identity.bioPlaceholder')}
          rows={3}
          error={errors.bio?.message}
          {...form.register('bio')}
        />
        <Button type="submit" variant="brand" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('identity.busy') : t('identity.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
export { IdentityPage as Component };
