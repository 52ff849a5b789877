import { isPublicAppType } from '@omnia/contracts/constants';
import type { OAuthClient } from '@omnia/contracts/developer';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/switch';
import { useSaveSettings } from './use-settings';

/** The client's on/off settings, each saved as soon as it is switched. */
const SWITCHES = {
  require_pkce: { label: 'settings.requirePkce', hint: 'settings.requirePkceHint' },
  require_two_step: { label: 'settings.requireTwoStep', hint: 'settings.requireTwoStepHint' },
} as const;

/** One on/off client setting on the detail page ('Require PKCE', 'Require two-step verification'). */
export function SettingSwitch({
  client,
  setting,
  onSaved,
}: {
  client: OAuthClient;
  setting: keyof typeof SWITCHES;
  onSaved(client: OAuthClient): void;
}) {
  const { t } = useTranslation('developer');
  const { saving, save, dialog } = useSaveSettings(client.id, onSaved);
  const id = `${setting.replaceAll('_', '-')}-switch`;
  // An app without a secret has only PKCE to prove a sign-in: always on, said so.
  const fixed = setting === 'require_pkce' && isPublicAppType(client.app_type);
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium">
          {t(SWITCHES[setting].label)}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {fixed ? t('settings.requirePkcePublicHint') : t(SWITCHES[setting].hint)}
        </p>
      </div>
      <Switch
        id={id}
        checked={client[setting]}
        disabled={saving || fixed}
        aria-describedby={`${id}-hint`}
        onCheckedChange={(next) => void save({ [setting]: next })}
      />
      {dialog}
    </div>
  );
}
