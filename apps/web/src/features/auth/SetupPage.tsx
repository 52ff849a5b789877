import { zodResolver } from '@hookform/resolvers/zod';
import type { Language, Theme } from '@omnia/contracts/constants';
import { setupSchema } from '@omnia/contracts/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Moon, Sun } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LanguageOptions } from '@/components/layout/LanguageOptions';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { isLanguage } from '@/lib/i18n';
import { useLanguage } from '@/lib/language';
import { errorMessage, message } from '@/lib/messages';
import { preferencesQuery, savePreferences } from '@/lib/profile';
import { useTheme } from '@/lib/theme';
import { interestCatalogueQuery, myInterestsQuery, saveInterests } from './api';
import { AuthShell } from './components/AuthShell';
import { InterestChips } from './components/InterestChips';
import { StepIndicator } from './components/StepIndicator';

/** The form holds the interests; theme and language apply at once (app state) and are sent with them. */
const interestsSchema = setupSchema.pick({ interests: true });

const THEME_OPTIONS: { value: Theme; icon: typeof Sun }[] = [
  { value: 'dark', icon: Moon },
  { value: 'light', icon: Sun },
];

/** Onboarding step 3: theme (applied at once), language and interests. */
export function SetupPage() {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const { session } = useAuth();
  const { theme, setTheme } = useTheme();
  const queryClient = useQueryClient();
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
  useEffect(() => {
    if (storedInterests)
      setValue(
        'interests',
        storedInterests.map((i) => i.name),
      );
  }, [storedInterests, setValue]);
  const chosen = form.watch('interests') ?? [];

  const toggle = (name: string) =>
    setValue('interests', chosen.includes(name) ? chosen.filter((n) => n !== name) : [...chosen, name]);

  const save = useMutation({
    mutationFn: async (input: { theme: Theme; language: Language; interests: string[] }) => {
      const saved = await savePreferences({ theme: input.theme, language: input.language });
      queryClient.setQueryData(preferencesQuery(userId).queryKey, saved);
      try {
        queryClient.setQueryData(myInterestsQuery(userId).queryKey, await saveInterests(input.interests));
      } catch (err) {
        // SPEC: failures storing interests are only logged.
        console.error('storing interests failed', err);
      }
    },
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
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium">{t('setup.theme')}</legend>
          <div className="grid grid-cols-2 gap-3">
            {THEME_OPTIONS.map(({ value, icon: Icon }) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-center justify-center gap-2 rounded-lg border p-3 text-sm font-medium focus-within:ring-2 focus-within:ring-ring/40',
                  theme === value ? 'border-primary bg-primary/10' : 'hover:bg-accent',
                )}
              >
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={theme === value}
                  onChange={() => setTheme(value)}
                  className="sr-only"
                />
                <Icon className="size-4" aria-hidden="true" />
                {t(value === 'dark' ? 'setup.dark' : 'setup.light')}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="space-y-1.5">
          <label htmlFor="setup-language" className="block text-sm font-medium">
            {t('setup.language')}
          </label>
          <select
            id="setup-language"
            value={language}
            onChange={(e) => {
              if (isLanguage(e.target.value)) void changeLanguage(e.target.value, { save: false });
            }}
            className="flex h-10 w-full rounded-md border border-input bg-background/60 px-3 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
          >
            <LanguageOptions />
          </select>
        </div>
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
