import { LANGUAGE_LABELS } from '@omnia/contracts/constants';
import { ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useHydratedControl } from '@/lib/hydration';
import { isLanguage } from '@/lib/i18n';
import { useLanguage } from '@/lib/language';
import { LanguageOptions } from './LanguageOptions';

/**
 * The language picker of the navigation, the landing page and the auth screens: a globe with the
 * current language (named in full from the sm breakpoint) over a native select. Native, because
 * it costs no script on the landing route, gets the platform's picker on phones, and keyboard
 * and screen-reader behaviour for free ('Language: Deutsch, combobox').
 */
export function LanguageSwitcher({
  className,
  showLabel = false,
}: {
  className?: string;
  showLabel?: boolean;
}) {
  const { t } = useTranslation('common');
  const { language, changeLanguage } = useLanguage();
  const control = useHydratedControl();
  return (
    <span
      data-needs-script={control['data-needs-script']}
      className={cn(
        'relative inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground has-[select:focus-visible]:outline-2 has-[select:focus-visible]:outline-offset-2 has-[select:focus-visible]:outline-ring',
        className,
      )}
    >
      <Globe className="size-4 shrink-0" aria-hidden="true" />
      <span className={showLabel ? undefined : 'hidden sm:inline'} lang={language} aria-hidden="true">
        {LANGUAGE_LABELS[language]}
      </span>
      <ChevronDown className="size-3.5 shrink-0 opacity-70" aria-hidden="true" />
      <select
        data-testid="language-switcher"
        aria-disabled={control['aria-disabled']}
        aria-label={`${t('language.prefix')} ${LANGUAGE_LABELS[language]}`}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void changeLanguage(next);
        }}
        // Invisible but covering the whole control, so a click anywhere opens the picker.
        className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
      >
        <LanguageOptions />
      </select>
    </span>
  );
}
