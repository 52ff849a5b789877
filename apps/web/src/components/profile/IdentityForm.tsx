import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@omnia/contracts/api';
import type { MessageKey } from '@omnia/contracts/messages';
import { initialsOf } from '@omnia/contracts/names';
import { BIRTH_DATE_MIN, type IdentityInput, identitySchema } from '@omnia/contracts/profile';
import { AtSign, Calendar, User } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/messages';
import { useMyProfile } from '@/lib/profile';
import { AvatarPicker } from './AvatarPicker';
import { AvatarRefused, usernameIsFree, useSaveIdentity } from './api';

/** Field errors are message keys, shown in the reader's language by the input (fieldError). */
const TAKEN: MessageKey = 'usernameTaken';

interface Props {
  submitLabel: string;
  /** Runs after the profile (and picture, if one was chosen) are stored. */
  onSaved(profile: Profile): void;
  /** Extra actions beside the submit button (e.g. Cancel on /profile). */
  actions?: ReactNode;
}

/** Picture, name, username, date of birth and bio: onboarding step 2 and the /profile editor. */
export function IdentityForm({ submitLabel, onSaved, actions }: Props) {
  const { t } = useTranslation('identity');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [readingAvatar, setReadingAvatar] = useState(false);
  // A new key empties the picker: after a refusal it shows the stored picture again.
  const [pickerKey, setPickerKey] = useState(0);
  const profile = useMyProfile();
  const form = useForm<IdentityInput>({
    resolver: zodResolver(identitySchema),
    defaultValues: { full_name: '', username: '', date_of_birth: '', bio: '' },
  });
  const save = useSaveIdentity();
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
    if (!(await usernameIsFree(values.username))) {
      form.setError('username', { message: TAKEN });
      return;
    }
    try {
      const saved = await save.mutateAsync({ values, avatar });
      await profile.refetch();
      onSaved(saved);
    } catch (err) {
      if (err instanceof AvatarRefused) {
        setAvatar(null);
        setPickerKey((k) => k + 1);
        setAvatarError(errorMessage(err.reason, 'identityFailure'));
        return;
      }
      if (err instanceof ApiError && err.code === 'username_taken') {
        form.setError('username', { message: TAKEN });
      }
      // The server's verdict on the date shows under the field too (e.g. a clock ahead of the server's).
      const dateError = err instanceof ApiError ? err.fields.date_of_birth : undefined;
      if (dateError) form.setError('date_of_birth', { message: dateError });
      toast.error(errorMessage(err, 'identityFailure'));
    }
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <AvatarPicker
        key={pickerKey}
        error={avatarError}
        label={t('picture')}
        hint={t('pictureHint')}
        readingHint={t('pictureReading')}
        onReadingChange={setReadingAvatar}
        buttonLabel={t('choosePicture')}
        currentUrl={profile.data?.avatar_url ?? null}
        initials={initialsOf(form.watch('full_name'))}
        onChange={(file) => {
          setAvatarError(null);
          setAvatar(file);
        }}
      />
      <Input
        label={t('fullName')}
        placeholder={t('fullNamePlaceholder')}
        autoComplete="name"
        leftIcon={<User />}
        error={errors.full_name?.message}
        {...form.register('full_name')}
      />
      <Input
        label={t('username')}
        placeholder={t('usernamePlaceholder')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        leftIcon={<AtSign />}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <Input
        type="date"
        label={t('dateOfBirth')}
        autoComplete="bday"
        leftIcon={<Calendar />}
        min={BIRTH_DATE_MIN}
        max={new Date().toISOString().slice(0, 10)}
        error={errors.date_of_birth?.message}
        {...form.register('date_of_birth')}
      />
      <Textarea
        label={t('bio')}
        placeholder={t('bioPlaceholder')}
        rows={3}
        error={errors.bio?.message}
        {...form.register('bio')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {actions}
        <Button
          type="submit"
          variant="brand"
          className="w-full sm:flex-1"
          disabled={isSubmitting || readingAvatar}
        >
          {isSubmitting ? t('busy') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
