import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';

/** The app's own pages, as the registration and 'Edit app' forms name them. */
export interface AppLinkValues {
  homepageUrl: string;
  privacyUrl: string;
  termsUrl: string;
}

const FIELDS = [
  ['homepageUrl', 'links.homepage', 'https://yourapp.com'],
  ['privacyUrl', 'links.privacy', 'https://yourapp.com/privacy'],
  ['termsUrl', 'links.terms', 'https://yourapp.com/terms'],
] as const;

/**
 * Homepage, privacy policy and terms: people open them from the consent screen to judge the app.
 * Optional while it is in testing mode; Omnia approves an app only with all three.
 */
export function AppLinkFields() {
  const { t } = useTranslation('developer');
  const { register, formState } = useFormContext<AppLinkValues>();
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-foreground">{t('links.title')}</legend>
      <p className="text-xs text-muted-foreground">{t('links.hint')}</p>
      {FIELDS.map(([name, label, placeholder]) => (
        <Input
          key={name}
          type="url"
          inputMode="url"
          label={t(label)}
          placeholder={placeholder}
          maxLength={2000}
          error={formState.errors[name]?.message}
          {...register(name)}
        />
      ))}
    </fieldset>
  );
}
