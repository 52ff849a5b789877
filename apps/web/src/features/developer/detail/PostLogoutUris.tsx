import type { AppType } from '@omnia/contracts/constants';
import { clientSettingsSchema, type OAuthClient } from '@omnia/contracts/developer';
import { ruleMessage } from '@omnia/contracts/messages';
import { appUriIssues } from '@omnia/contracts/redirect-uris';
import { useState } from 'react';
import { Controller, type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SERVER_ERROR } from '@/lib/forms';
import { fieldError } from '@/lib/messages';
import { type UriRow, UriRows } from '../register/UriRows';
import { postLogoutUriTexts } from '../register/uri-texts';
import { UriList } from './UriList';
import { useSaveSettings } from './use-settings';

type Values = { rows: UriRow[] };

const toRows = (uris: string[]): UriRow[] =>
  uris.length ? uris.map((value, i) => ({ id: i + 1, value })) : [{ id: 1, value: '' }];

const toInput = ({ rows }: Values) => ({ post_logout_redirect_uris: rows.map((r) => r.value) });

/** The shared schema's first message (or the first URI unfit for the app's kind), under the list. */
const resolverFor =
  (type: AppType): Resolver<Values> =>
  (values): ResolverResult<Values> => {
    const parsed = clientSettingsSchema.safeParse(toInput(values));
    const kindIssue = parsed.success ? appUriIssues(type, parsed.data)[0] : undefined;
    const text = parsed.error?.issues[0]?.message ?? (kindIssue && ruleMessage(kindIssue.message));
    if (!text) return { values, errors: {} };
    return { values: {}, errors: { rows: { type: 'validate', message: text } } };
  };

function Editor({ client, onDone }: { client: OAuthClient; onDone(saved: OAuthClient | null): void }) {
  const { t } = useTranslation('developer');
  const { saving, save, dialog } = useSaveSettings(client.id, onDone);
  // As on the registration form: the message changes on submit only.
  const form = useForm<Values>({
    resolver: resolverFor(client.app_type),
    defaultValues: { rows: toRows(client.post_logout_redirect_uris) },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const submit = form.handleSubmit((values) =>
    save(toInput(values), (fields) => {
      // A refusal only the server makes (of one address): said under the list.
      const refused = Object.entries(fields).find(([field]) => field.startsWith('post_logout_redirect_uris'));
      if (!refused) return false;
      form.setError('rows', { type: SERVER_ERROR, message: fieldError(refused[1]) });
      return true;
    }),
  );
  return (
    <form noValidate className="space-y-3" onSubmit={submit}>
      <Controller
        control={form.control}
        name="rows"
        render={({ field }) => (
          <UriRows
            id="post-logout-uris"
            rows={field.value}
            error={form.formState.errors.rows?.message}
            texts={postLogoutUriTexts(t, client.app_type)}
            onChange={field.onChange}
          />
        )}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? t('settings.saving') : t('settings.save')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onDone(null)}>
          {t('settings.cancel')}
        </Button>
      </div>
      {dialog}
    </form>
  );
}

/** The post-logout redirect URIs: listed, and edited with the registration form's rows. */
export function PostLogoutUris({
  client,
  onSaved,
}: {
  client: OAuthClient;
  onSaved(client: OAuthClient): void;
}) {
  const { t } = useTranslation('developer');
  const [editing, setEditing] = useState(false);

  if (editing) {
    return (
      <Editor
        client={client}
        onDone={(saved) => {
          if (saved) onSaved(saved);
          setEditing(false);
        }}
      />
    );
  }
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{t('settings.postLogoutUris')}</h3>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          {t('settings.edit')}
        </Button>
      </div>
      {client.post_logout_redirect_uris.length ? (
        <UriList uris={client.post_logout_redirect_uris} testId="post-logout-uris" />
      ) : (
        <p className="text-sm text-muted-foreground">{t('settings.postLogoutNone')}</p>
      )}
    </div>
  );
}
