import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { fieldError } from '@/lib/messages';
import type { SecurityFormValues } from './security-form';

type Form = UseFormReturn<SecurityFormValues, unknown, unknown>;

/** How a confidential app authenticates: its secret, or a private key whose public half is here. */
export function ClientAuthFields({ form, fapi }: { form: Form; fapi: boolean }) {
  const { t } = useTranslation('security');
  const method = form.watch('auth_method');
  const { errors } = form.formState;
  const choices = [
    { value: 'secret', label: t('auth.secret'), hint: t('auth.secretHint') },
    { value: 'private_key_jwt', label: t('auth.privateKeyJwt'), hint: t('auth.privateKeyJwtHint') },
  ] as const;
  return (
    <fieldset className="space-y-3" data-testid="client-auth">
      <legend className="text-sm font-medium">{t('auth.legend')}</legend>
      <div className="space-y-2">
        {choices.map((choice) => (
          <label key={choice.value} className="flex items-start gap-3 text-sm">
            <input
              type="radio"
              value={choice.value}
              disabled={fapi && choice.value === 'secret'}
              className="mt-1 size-4 accent-primary"
              {...form.register('auth_method')}
            />
            <span className="space-y-0.5">
              <span className="block font-medium">{choice.label}</span>
              <span className="block text-xs text-muted-foreground">{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {errors.auth_method?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {fieldError(errors.auth_method.message)}
        </p>
      ) : null}
      {method === 'private_key_jwt' ? (
        <div className="space-y-3">
          <Textarea
            label={t('jwks.label')}
            rows={6}
            spellCheck={false}
            className="font-mono text-xs"
            placeholder={t('jwks.placeholder')}
            error={errors.jwks?.message}
            {...form.register('jwks')}
          />
          <p className="text-xs text-muted-foreground">{t('jwks.hint')}</p>
          <Input
            type="url"
            label={t('jwks.uriLabel')}
            placeholder={t('jwks.uriPlaceholder')}
            error={errors.jwks_uri?.message}
            {...form.register('jwks_uri')}
          />
          <p className="text-xs text-muted-foreground">{t('jwks.uriHint')}</p>
        </div>
      ) : null}
    </fieldset>
  );
}
