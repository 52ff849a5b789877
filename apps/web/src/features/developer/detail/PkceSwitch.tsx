import type { OAuthClient } from '@omnia/contracts/developer';
import { Switch } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useSaveSettings } from './use-settings';

/** 'Require PKCE' on the client detail page: saved as soon as it is switched. */
export function PkceSwitch({ client, onSaved }: { client: OAuthClient; onSaved(client: OAuthClient): void }) {
  const { t } = useTranslation('developer');
  const { saving, save } = useSaveSettings(client.id, onSaved);
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="space-y-1">
        <label htmlFor="require-pkce-switch" className="block text-sm font-medium">
          {t('settings.requirePkce')}
        </label>
        <p id="require-pkce-switch-hint" className="text-xs text-muted-foreground">
          {t('settings.requirePkceHint')}
        </p>
      </div>
      <Switch.Root
        id="require-pkce-switch"
        checked={client.require_pkce}
        disabled={saving}
        aria-describedby="require-pkce-switch-hint"
        onCheckedChange={(next) => void save({ require_pkce: next })}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-wait disabled:opacity-60 data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </Switch.Root>
    </div>
  );
}
