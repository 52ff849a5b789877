import { zodResolver } from '@hookform/resolvers/zod';
import { type AllowAppInput, allowAppSchema, type DeveloperApi } from '@omnia/contracts/apis';
import { Check, Plus } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import type { WithStepUp } from '@/lib/factors';
import { SAY_ON_SUBMIT, SERVER_ERROR } from '@/lib/forms';
import { errorMessage, fieldError } from '@/lib/messages';
import { useAllowApp } from './api';

type Field = 'client_id' | 'scopes';
/** The server's field messages that belong to a field of this form. */
const fieldsOf = (error: unknown): [Field, string][] =>
  error instanceof ApiError
    ? Object.entries(error.fields).filter((entry): entry is [Field, string] =>
        ['client_id', 'scopes'].includes(entry[0]),
      )
    : [];

/** 'Allow app': another developer's app, by its Client ID, with the scopes picked for it. */
export function AllowAppForm({
  api,
  userId,
  withStepUp,
}: {
  api: DeveloperApi;
  userId: string;
  withStepUp: WithStepUp;
}) {
  const { t } = useTranslation('apis');
  const allow = useAllowApp(userId, api.id, withStepUp);
  const allScopes = api.scopes.map((s) => s.name);
  const form = useForm<AllowAppInput, unknown, z.output<typeof allowAppSchema>>({
    resolver: zodResolver(allowAppSchema),
    defaultValues: { client_id: '', scopes: allScopes },
    ...SAY_ON_SUBMIT,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    allow.mutate(values, {
      onSuccess: () => {
        toast.success(t('access.allowed'));
        form.reset({ client_id: '', scopes: values.scopes });
      },
      onError: (error) => {
        // 'Confirm it's you' was cancelled: its dialog said so.
        if (error instanceof ApiError && error.code === 'step_up_required') return;
        const fields = fieldsOf(error);
        for (const [name, message] of fields) form.setError(name, { type: SERVER_ERROR, message });
        if (fields.length) return;
        toast.error(errorMessage(error, 'unexpectedError'));
      },
    }),
  );
  return (
    <form noValidate className="space-y-3" onSubmit={submit}>
      <Input
        label={t('access.clientId')}
        placeholder="omnia_…"
        autoComplete="off"
        className="font-mono"
        error={errors.client_id?.message}
        {...form.register('client_id')}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('access.scopes')}</legend>
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => (
            <div className="flex flex-wrap gap-2">
              {allScopes.map((scope) => {
                const id = `access-scope-${scope}`;
                return (
                  <label
                    key={scope}
                    htmlFor={id}
                    className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-2.5 py-1.5 text-sm"
                  >
                    <Checkbox.Root
                      id={id}
                      checked={field.value.includes(scope)}
                      onCheckedChange={(next) =>
                        field.onChange(
                          next === true ? [...field.value, scope] : field.value.filter((s) => s !== scope),
                        )
                      }
                      className="flex size-4 shrink-0 items-center justify-center rounded-sm border border-input bg-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground"
                    >
                      <Checkbox.Indicator>
                        <Check className="size-3" aria-hidden="true" />
                      </Checkbox.Indicator>
                    </Checkbox.Root>
                    <span className="font-mono">{scope}</span>
                  </label>
                );
              })}
            </div>
          )}
        />
        {errors.scopes ? (
          <p role="alert" className="text-sm text-destructive">
            {fieldError(errors.scopes.message)}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" variant="outline" disabled={allow.isPending}>
        <Plus />
        {t('access.allow')}
      </Button>
    </form>
  );
}
