import { zodResolver } from '@hookform/resolvers/zod';
import { WEBHOOK_EVENTS, type Webhook, type WebhookInput, webhookSchema } from '@omnia/contracts/webhooks';
import { Check } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SERVER_ERROR } from '@/lib/forms';
import { fieldError } from '@/lib/messages';
import { EVENT_KEYS } from './event-keys';

/** The endpoint and the events it wants, checked with the shared schema before anything is sent. */
export function WebhookForm({
  webhook,
  saving,
  onSave,
  onCancel,
}: {
  webhook: Webhook | null;
  saving: boolean;
  /** `refuse` shows the server's refusal of a field under that field (a private address). */
  onSave(input: WebhookInput, refuse: (field: 'url' | 'events', message: string) => void): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('webhooks');
  const id = useId();
  const form = useForm<z.input<typeof webhookSchema>, unknown, z.output<typeof webhookSchema>>({
    resolver: zodResolver(webhookSchema),
    defaultValues: {
      url: webhook?.url ?? '',
      events: webhook?.events ?? ['user.updated', 'user.deleted', 'grant.revoked'],
    },
    reValidateMode: 'onSubmit',
  });
  const urlError = fieldError(form.formState.errors.url?.message);
  const eventsError = fieldError(form.formState.errors.events?.message);

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((input) =>
        onSave(input, (field, message) =>
          form.setError(field, { type: SERVER_ERROR, message }, { shouldFocus: true }),
        ),
      )}
      data-testid="webhook-form"
    >
      <div className="space-y-1.5">
        <label htmlFor={`${id}-url`} className="text-sm font-medium">
          {t('card.url')}
        </label>
        <Input
          id={`${id}-url`}
          type="url"
          placeholder={t('card.urlPlaceholder')}
          aria-describedby={`${id}-url-hint${urlError ? ` ${id}-url-error` : ''}`}
          aria-invalid={urlError ? true : undefined}
          {...form.register('url')}
        />
        <p id={`${id}-url-hint`} className="text-xs text-muted-foreground">
          {t('card.urlHint')}
        </p>
        {urlError ? (
          <p id={`${id}-url-error`} className="text-sm text-destructive">
            {urlError}
          </p>
        ) : null}
      </div>
      <fieldset className="space-y-2" aria-describedby={eventsError ? `${id}-events-error` : undefined}>
        <legend className="text-sm font-medium">{t('card.events')}</legend>
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <div className="grid gap-2 sm:grid-cols-2">
              {WEBHOOK_EVENTS.map((event) => {
                const key = EVENT_KEYS[event];
                const boxId = `${id}-${key}`;
                const checked = field.value?.includes(event) ?? false;
                return (
                  <div key={event} className="flex items-start gap-3 rounded-md border border-border p-3">
                    <Checkbox.Root
                      id={boxId}
                      checked={checked}
                      aria-describedby={`${boxId}-hint`}
                      onCheckedChange={(next) =>
                        field.onChange(
                          next === true
                            ? [...(field.value ?? []), event]
                            : (field.value ?? []).filter((e) => e !== event),
                        )
                      }
                      className="mt-0.5 flex size-4 shrink-0 cursor-pointer items-center justify-center rounded-sm border border-input bg-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground"
                    >
                      <Checkbox.Indicator>
                        <Check className="size-3" aria-hidden="true" />
                      </Checkbox.Indicator>
                    </Checkbox.Root>
                    <div className="min-w-0 space-y-0.5">
                      <label htmlFor={boxId} className="block cursor-pointer text-sm font-medium">
                        {t(`events.${key}.label`)}{' '}
                        <code className="font-mono text-xs text-muted-foreground">{event}</code>
                      </label>
                      <p id={`${boxId}-hint`} className="text-xs text-muted-foreground">
                        {t(`events.${key}.hint`)}
                      </p>
                    </div>
                  </div>
                );
              })}
            </div>
          )}
        />
        {eventsError ? (
          <p id={`${id}-events-error`} className="text-sm text-destructive">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" variant="brand" size="sm" disabled={saving}>
          {saving ? t('card.saving') : t('card.save')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          {t('card.cancel')}
        </Button>
      </div>
    </form>
  );
}
