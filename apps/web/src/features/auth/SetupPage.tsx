import { zodResolver } from '@hookform/resolvers/zod';
import { setupSchema } from '@omnia/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { InterestChips } from '@/components/preferences/InterestChips';
import { LanguageSelect } from '@/components/preferences/LanguageSelect';
import { ThemeChoice } from '@/components/preferences/ThemeChoice';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { interestCatalogueQuery, myInterestsQuery } from '@/lib/interests';
import { useLanguage } from '@/lib/language';
import { errorMessage, message } from '@/lib/messages';
import { useTheme } from '@/lib/theme';
import { useSaveSetup } from './api';
import { AuthShell } from './components/AuthShell';
import { StepIndicator } from './components/StepIndicator';

/** The form holds the interests; theme and language apply at once (app state) and are sent with them. */
const interestsSchema = setupSchema.pick({ interests: true });

/** Onboarding step 3: theme (applied at once), language and interests. */
export function SetupPage() {
  useScreenTitle('setup');
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const { session } = useAuth();
  const { theme, setTheme } = useTheme();
  // The language, like the theme, applies at once; it is saved with the rest on submit.
  const { language, changeLanguage } = useLanguage();
  const form = useForm({
    resolver: zodResolver(interestsSchema),
    defaultValues: { interests: [] as string[] },
  });
  const userId = session?.user.id;
  const catalogue = useQuery(interestCatalogueQuery());
  const storedInterests = useQuery(myInterestsQuery(userId)).data;
  const { setValue } = form;
  // The stored interests show once they arrive, unless the person has already picked some: a late
  // answer must never undo their clicks.
  const picked = useRef(false);
  useEffect(() => {
    if (storedInterests && !picked.current)
      setValue(
        'interests',
        storedInterests.map((i) => i.name),
      );
  }, [storedInterests, setValue]);
  const chosen = form.watch('interests') ?? [];

  const toggle = (name: string) => {
    picked.current = true;
    setValue('interests', chosen.includes(name) ? chosen.filter((n) => n !== name) : [...chosen, name]);
  };

  const save = useSaveSetup(userId, {
    onSuccess: () => {
      toast.success(message('setupSuccess'));
      navigate('/dashboard');
    },
    onError: (err) => toast.error(errorMessage(err, 'setupFailure')),
  });
  const busy = save.isPending;

  const onSubmit = form.handleSubmit(({ interests }) => {
    if (!session) {
      toast.error(message('setupNotLoggedIn'));
      navigate('/login');
      return;
    }
    save.mutate({ theme, language, interests });
  });

  return (
    <AuthShell
      title={t('setup.title')}
      description={t('setup.subtitle')}
      above={<StepIndicator active={3} labels={t('steps', { returnObjects: true }) as string[]} />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <ThemeChoice
          legend={t('setup.theme')}
          labels={{ dark: t('setup.dark'), light: t('setup.light') }}
          value={theme}
          onChange={setTheme}
        />
        <LanguageSelect
          id="setup-language"
          label={t('setup.language')}
          value={language}
          onChange={(lng) => void changeLanguage(lng, { save: false })}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('setup.interests')}</legend>
          <p className="text-xs text-muted-foreground">{t('setup.interestsHint')}</p>
          <InterestChips
            interests={catalogue.data?.interests ?? []}
            selected={new Set(chosen)}
            onToggle={toggle}
          />
        </fieldset>
        <Button type="submit" variant="brand" className="w-full" disabled={busy}>
          {busy ? t('setup.busy') : t('setup.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
export { SetupPage as Component };
