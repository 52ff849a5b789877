import { APP_TYPES, type AppType } from '@omnia/contracts/constants';
import { AppWindow, type LucideIcon, Server, Smartphone, Tv, Workflow } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';

const ICONS: Record<AppType, LucideIcon> = {
  web: Server,
  spa: AppWindow,
  native: Smartphone,
  device: Tv,
  service: Workflow,
};

/** 'Application type' on the registration form: one card per kind of app, chosen once. */
export function AppTypePicker({ value, onChange }: { value: AppType; onChange(type: AppType): void }) {
  const { t } = useTranslation('developer');
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t('register.appType')}</legend>
      <p id="app-type-hint" className="text-xs text-muted-foreground">
        {t('register.appTypeHint')}
      </p>
      <RadioGroup.Root
        value={value}
        onValueChange={(next) => onChange(next as AppType)}
        aria-describedby="app-type-hint"
        className="grid gap-2 sm:grid-cols-2"
      >
        {APP_TYPES.map((type) => {
          const Icon = ICONS[type];
          return (
            <RadioGroup.Item
              key={type}
              value={type}
              id={`app-type-${type}`}
              aria-describedby={`app-type-${type}-text`}
              className="flex cursor-pointer flex-col items-start gap-1.5 rounded-md border border-border p-3 text-left transition-colors hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary/5"
            >
              <span className="flex items-center gap-2 text-sm font-medium">
                <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                {t(`appTypes.${type}.name`)}
              </span>
              <span id={`app-type-${type}-text`} className="text-xs text-muted-foreground">
                {t(`appTypes.${type}.text`)}
              </span>
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
    </fieldset>
  );
}
