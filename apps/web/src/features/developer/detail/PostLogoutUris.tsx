import { clientSettingsSchema, type OAuthClient } from '@omnia/contracts/developer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { type UriRow, UriRows } from '../register/UriRows';
import { postLogoutUriTexts } from '../register/uri-texts';
import { useSaveSettings } from './use-settings';

const toRows = (uris: string[]): UriRow[] =>
  uris.length ? uris.map((value, i) => ({ id: i + 1, value })) : [{ id: 1, value: '' }];

/** The post-logout redirect URIs: listed, and edited with the registration form's rows. */
export function PostLogoutUris({
  client,
  onSaved,
}: {
  client: OAuthClient;
  onSaved(client: OAuthClient): void;
}) {
  const { t } = useTranslation('developer');
  const { saving, save } = useSaveSettings(client.id, onSaved);
  const [rows, setRows] = useState<UriRow[] | null>(null);
  const [error, setError] = useState<string | undefined>();

  async function submit(current: UriRow[]) {
    const input = { post_logout_redirect_uris: current.map((r) => r.value) };
    const parsed = clientSettingsSchema.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    if (await save(input)) setRows(null);
  }

  if (rows) {
    return (
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit(rows);
        }}
      >
        <UriRows
          id="post-logout-uris"
          rows={rows}
          error={error}
          texts={postLogoutUriTexts(t)}
          onChange={setRows}
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={saving}>
            {saving ? t('settings.saving') : t('settings.save')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setRows(null);
              setError(undefined);
            }}
          >
            {t('settings.cancel')}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{t('settings.postLogoutUris')}</h3>
        <Button variant="outline" size="sm" onClick={() => setRows(toRows(client.post_logout_redirect_uris))}>
          {t('settings.edit')}
        </Button>
      </div>
      {client.post_logout_redirect_uris.length ? (
        <ul className="space-y-1.5" data-testid="post-logout-uris">
          {client.post_logout_redirect_uris.map((uri) => (
            <li
              key={uri}
              className="rounded-md border border-border bg-muted/30 px-3 py-2 font-mono text-xs break-all"
            >
              {uri}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('settings.postLogoutNone')}</p>
      )}
    </div>
  );
}
