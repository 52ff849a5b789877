import { Check } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { useTranslation } from 'react-i18next';

/** 'Require PKCE' on the registration form: on by default, with the trade-off under it. */
export function PkceCheckbox({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const { t } = useTranslation('developer');
  return (
    <div className="flex items-start gap-3 rounded-md border border-border p-3">
      <Checkbox.Root
        id="require-pkce"
        checked={checked}
        aria-describedby="require-pkce-hint"
        onCheckedChange={(next) => onChange(next === true)}
        className="mt-0.5 flex size-4 shrink-0 cursor-pointer items-center justify-center rounded-sm border border-input bg-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground"
      >
        <Checkbox.Indicator>
          <Check className="size-3" aria-hidden="true" />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <div className="space-y-1">
        <label htmlFor="require-pkce" className="block cursor-pointer text-sm font-medium">
          {t('settings.requirePkce')}
        </label>
        <p id="require-pkce-hint" className="text-xs text-muted-foreground">
          {t('settings.requirePkceHint')}
        </p>
      </div>
    </div>
  );
}
