import { zodResolver } from '@hookform/resolvers/zod';
import { clientSettingsSchema, type OAuthClient } from '@omnia/contracts/developer';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SERVER_ERROR } from '@/lib/forms';
import { fieldError } from '@/lib/messages';
import { useSaveSettings } from './use-settings';

const formSchema = z.object({ backchannel_logout_uri: clientSettingsSchema.shape.backchannel_logout_uri });

/** The web application's back-channel logout URI (Back-Channel Logout 1.0): shown, and edited in place. */
export function BackchannelLogoutUri({
  client,
  onSaved,
}: {
  client: OAuthClient;
  onSaved(client: OAuthClient): void;
}) {
  const { t } = useTranslation('developer');
  const [editing, setEditing] = useState(false);
  const id = useId();
  const { saving, save, dialog } = useSaveSettings(client.id, (saved) => {
    onSaved(saved);
    setEditing(false);
  });
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { backchannel_logout_uri: client.backchannel_logout_uri ?? '' },
    reValidateMode: 'onSubmit',
  });
  const error = fieldError(form.formState.errors.backchannel_logout_uri?.message);
  const submit = form.handleSubmit(async (values) => {
    await save({ backchannel_logout_uri: values.backchannel_logout_uri ?? null }, (fields) => {
      // An address only the server can refuse (a private network's): said under the field.
      if (!fields.backchannel_logout_uri) return false;
      form.setError('backchannel_logout_uri', { type: SERVER_ERROR, message: fields.backchannel_logout_uri });
      return true;
    });
  });

  return (
    <div className="space-y-2" data-testid="backchannel-logout">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">
          <label htmlFor={id}>{t('settings.bclTitle')}</label>
        </h3>
        {editing ? null : (
          <Button
            variant="outline"
            size="sm"
            aria-label={t('settings.bclEdit')}
            onClick={() => setEditing(true)}
          >
            {t('settings.edit')}
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground" id={`${id}-hint`}>
        {t('settings.bclHint')}
      </p>
      {editing ? (
        <form noValidate className="space-y-2" onSubmit={submit}>
          <Input
            id={id}
            type="url"
            placeholder={t('settings.bclPlaceholder')}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            {...form.register('backchannel_logout_uri')}
          />
          {error ? (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={saving}>
              {saving ? t('settings.saving') : t('settings.save')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                form.reset({ backchannel_logout_uri: client.backchannel_logout_uri ?? '' });
                setEditing(false);
              }}
            >
              {t('settings.cancel')}
            </Button>
          </div>
        </form>
      ) : client.backchannel_logout_uri ? (
        <code className="block rounded-md border border-border bg-muted/40 px-3 py-2 font-mono text-xs break-all">
          {client.backchannel_logout_uri}
        </code>
      ) : (
        <p className="text-sm text-muted-foreground">{t('settings.bclNone')}</p>
      )}
      {dialog}
    </div>
  );
}
