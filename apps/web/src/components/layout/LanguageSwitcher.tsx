import { LANGUAGE_LABELS, LANGUAGES } from '@omnia/contracts/constants';
import { Check, Globe } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useLanguage } from '@/lib/language';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground';

/**
 * The language menu of the navigation and the landing page: a globe with the current language
 * (named in full from the sm breakpoint; screen readers always hear 'Language: Deutsch').
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
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        data-testid="language-switcher"
        className={cn(
          'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          className,
        )}
      >
        <Globe className="size-4 shrink-0" aria-hidden="true" />
        <span className="sr-only">{t('language.prefix')} </span>
        <span className={showLabel ? undefined : 'sr-only sm:not-sr-only'} lang={language}>
          {LANGUAGE_LABELS[language]}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-40 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">
            {t('language.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={language}
            onValueChange={(value) => {
              const next = LANGUAGES.find((l) => l === value);
              if (next) void changeLanguage(next);
            }}
          >
            {LANGUAGES.map((code) => (
              <DropdownMenu.RadioItem key={code} value={code} lang={code} className={ITEM}>
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4" aria-hidden="true" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {LANGUAGE_LABELS[code]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
