import { OAUTH_SCOPES, type OAuthScope } from '@omnia/contracts/constants';
import { Check } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { fieldError } from '@/lib/messages';

export function ScopeChecklist({
  value,
  error,
  onChange,
}: {
  value: OAuthScope[];
  error: string | undefined;
  onChange(value: OAuthScope[]): void;
}) {
  const { t } = useTranslation('developer');
  return (
    <fieldset className="space-y-2" aria-describedby={error ? 'scopes-error' : undefined}>
      <legend className="text-sm font-medium">{t('register.scopes')}</legend>
      <div className="grid gap-2 pt-1 sm:grid-cols-2">
        {OAUTH_SCOPES.map((scope) => {
          const id = `scope-${scope}`;
          const checked = value.includes(scope);
          return (
            <label
              key={scope}
              htmlFor={id}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 transition-colors hover:bg-accent/50',
                checked && 'border-primary/60 bg-primary/5',
              )}
            >
              <Checkbox.Root
                id={id}
                checked={checked}
                onCheckedChange={(next) =>
                  onChange(next === true ? [...value, scope] : value.filter((s) => s !== scope))
                }
                className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-sm border border-input bg-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground"
              >
                <Checkbox.Indicator>
                  <Check className="size-3" aria-hidden="true" />
                </Checkbox.Indicator>
              </Checkbox.Root>
              <span className="space-y-0.5">
                <span className="block font-mono text-sm">{scope}</span>
                <span className="block text-xs text-muted-foreground">{t(`scopeLabels.${scope}`)}</span>
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id="scopes-error" role="alert" className="text-sm text-destructive">
          {fieldError(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
