import { API_SCOPES_MAX } from '@omnia/contracts/apis';
import { Plus, X } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { fieldError } from '@/lib/messages';
import type { ApiFormValues } from './api-form';

/** An API's scopes as rows: a name and what the consent screen says of it. */
export function ScopeRows() {
  const { t } = useTranslation('apis');
  const { control, register, formState } = useFormContext<ApiFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'scopes' });
  const errors = formState.errors.scopes;
  const listError = errors?.root?.message;
  return (
    <fieldset className="space-y-3" aria-describedby={listError ? 'api-scopes-error' : undefined}>
      <legend className="text-sm font-medium">{t('form.scopes')}</legend>
      <p className="text-xs text-muted-foreground">{t('form.scopesHint')}</p>
      {fields.map((field, index) => (
        <div
          key={field.id}
          className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] sm:items-start"
        >
          <Input
            label={t('form.scopeName')}
            placeholder="orders:read"
            autoComplete="off"
            className="font-mono"
            error={errors?.[index]?.name?.message}
            {...register(`scopes.${index}.name`)}
          />
          <Input
            label={t('form.scopeDescription')}
            placeholder={t('form.scopeDescriptionPlaceholder')}
            autoComplete="off"
            error={errors?.[index]?.description?.message}
            {...register(`scopes.${index}.description`)}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="sm:mt-6"
            aria-label={t('form.removeScope', { n: index + 1 })}
            disabled={fields.length === 1}
            onClick={() => remove(index)}
          >
            <X />
          </Button>
        </div>
      ))}
      {listError ? (
        <p id="api-scopes-error" role="alert" className="text-sm text-destructive">
          {fieldError(listError)}
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={fields.length >= API_SCOPES_MAX}
        onClick={() => append({ name: '', description: '' })}
      >
        <Plus />
        {t('form.addScope')}
      </Button>
    </fieldset>
  );
}
