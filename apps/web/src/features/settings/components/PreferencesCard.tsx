import type { Theme } from '@omnia/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { InterestChips } from '@/components/preferences/InterestChips';
import { LanguageSelect } from '@/components/preferences/LanguageSelect';
import { ThemeChoice } from '@/components/preferences/ThemeChoice';
import { Card } from '@/components/ui/card';
import { LoadFailed } from '@/components/ui/load-failed';
import { interestCatalogueQuery, myInterestsQuery, useSaveInterests } from '@/lib/interests';
import { useLanguage } from '@/lib/language';
import { errorMessage, message } from '@/lib/messages';
import { useMyPreferences, useSavePreferences } from '@/lib/profile';
import { useTheme } from '@/lib/theme';

/**
 * Settings → Account → Preferences: the onboarding's controls, each applied at once and saved
 * (theme and language to the preferences, a chosen or dropped interest to the interests).
 */
export function PreferencesCard({ userId }: { userId: string }) {
  const { t } = useTranslation('settings', { keyPrefix: 'preferences' });
  const { theme, setTheme } = useTheme();
  const { language, changeLanguage } = useLanguage();
  const preferences = useMyPreferences().data;
  const catalogue = useQuery(interestCatalogueQuery());
  const mine = useQuery(myInterestsQuery(userId));

  const savePrefs = useSavePreferences(userId, {
    onSuccess: () => toast.success(message('preferencesUpdated')),
    onError: (err) => toast.error(errorMessage(err, 'unexpectedError')),
  });
  const saveTheme = (next: Theme) =>
    savePrefs.mutate({ theme: next, language: preferences?.language ?? language });
  const saveChosen = useSaveInterests(userId, {
    onError: (err) => toast.error(errorMessage(err, 'unexpectedError')),
  });

  const chosen = new Set((mine.data ?? []).map((i) => i.name));
  function toggle(name: string) {
    const next = chosen.has(name) ? [...chosen].filter((n) => n !== name) : [...chosen, name];
    saveChosen.mutate(next);
  }

  return (
    <Card className="space-y-6 p-6" data-testid="preferences">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{t('title')}</h2>
        <p className="text-sm text-muted-foreground">{t('description')}</p>
      </div>
      <ThemeChoice
        name="settings-theme"
        legend={t('theme')}
        labels={{ dark: t('dark'), light: t('light') }}
        value={theme}
        onChange={(next) => {
          setTheme(next);
          saveTheme(next);
        }}
      />
      <LanguageSelect
        id="settings-language"
        label={t('language')}
        value={language}
        onChange={(lng) =>
          void changeLanguage(lng).then((saved) => {
            if (saved) toast.success(message('preferencesUpdated'));
          })
        }
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('interests')}</legend>
        <p className="text-xs text-muted-foreground">{t('interestsHint')}</p>
        {catalogue.data && mine.data ? (
          <InterestChips interests={catalogue.data.interests} selected={chosen} onToggle={toggle} />
        ) : catalogue.isError || mine.isError ? (
          // A choice made on a list not read would replace the stored one: nothing to choose from then.
          <LoadFailed
            onRetry={() => {
              if (catalogue.isError) void catalogue.refetch();
              if (mine.isError) void mine.refetch();
            }}
          />
        ) : null}
      </fieldset>
    </Card>
  );
}
