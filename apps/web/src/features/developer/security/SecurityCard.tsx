import { zodResolver } from '@hookform/resolvers/zod';
import { effectiveSecurity } from '@omnia/contracts/client-security';
import { isPublicAppType, redirectsBack } from '@omnia/contracts/constants';
import type { OAuthClient } from '@omnia/contracts/developer';
import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { errorMessage, fieldError, message } from '@/lib/messages';
import { useSaveSecurity } from './api';
import { ClientAuthFields } from './ClientAuthFields';
import { formValuesOf, type SecurityFormValues, securityFormSchema } from './security-form';
import { ToggleRow } from './ToggleRow';

const FORM_FIELDS = ['require_par', 'require_dpop', 'fapi_2', 'auth_method', 'jwks', 'jwks_uri'] as const;

/**
 * The app's security profile (PAR, DPoP, private_key_jwt, FAPI 2.0), saved whole with one button
 * behind 'Confirm it's you'. What FAPI 2.0 turns on shows as on, and cannot be turned off under it.
 */
export function SecurityCard({
  client,
  onSaved,
}: {
  client: OAuthClient;
  onSaved(client: OAuthClient): void;
}) {
  const { t } = useTranslation('security');
  const id = useId();
  const { withStepUp, dialog } = useStepUp();
  const form = useForm<SecurityFormValues, unknown, unknown>({
    resolver: zodResolver(securityFormSchema),
    defaultValues: formValuesOf(client.security),
    reValidateMode: 'onSubmit',
  });
  const confidential = !isPublicAppType(client.app_type);
  const shownErrors: string[] = ['fapi_2', ...(confidential ? ['auth_method', 'jwks', 'jwks_uri'] : [])];
  const save = useSaveSecurity(client.id, withStepUp, {
    onSuccess: (saved) => {
      onSaved(saved);
      form.reset(formValuesOf(saved.security));
      toast.success(t('saved'));
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? Object.entries(err.fields) : [];
      for (const [field, text] of fields)
        if ((FORM_FIELDS as readonly string[]).includes(field))
          form.setError(field as (typeof FORM_FIELDS)[number], { message: text });
      // A refusal the card has no place for (a switch this kind of app does not show) is still said.
      const unshown = fields.find(([field]) => !shownErrors.includes(field));
      if (unshown) toast.error(fieldError(unshown[1]) ?? message('clientSettingsFailure'));
      else if (!fields.length) toast.error(errorMessage(err, 'clientSettingsFailure'));
    },
  });
  const values = form.watch();
  const profile = effectiveSecurity({
    require_par: values.require_par,
    require_dpop: values.require_dpop,
    fapi_2: values.fapi_2,
  });
  const endpoint = `${window.location.origin}/oauth2/par`;
  const toggle = (field: 'require_par' | 'require_dpop' | 'fapi_2') => (next: boolean) =>
    form.setValue(field, next, { shouldDirty: true });
  const submit = form.handleSubmit((parsed) => save.mutate(parsed as Parameters<typeof save.mutate>[0]));

  return (
    <Card data-testid="security-profile">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          {t('title')}
        </h2>
        <CardDescription>{t('subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-5">
          {client.app_type === 'web' ? (
            <ToggleRow
              id={`${id}-fapi`}
              label={t('fapi.label')}
              hint={t('fapi.hint')}
              checked={values.fapi_2}
              onChange={toggle('fapi_2')}
            />
          ) : null}
          {redirectsBack(client.app_type) ? (
            <ToggleRow
              id={`${id}-par`}
              label={t('par.label')}
              hint={values.fapi_2 ? t('byProfile') : t('par.hint', { endpoint })}
              checked={profile.par}
              disabled={values.fapi_2}
              onChange={toggle('require_par')}
            />
          ) : null}
          <ToggleRow
            id={`${id}-dpop`}
            label={t('dpop.label')}
            hint={values.fapi_2 ? t('byProfile') : t('dpop.hint')}
            checked={profile.dpop}
            disabled={values.fapi_2}
            onChange={toggle('require_dpop')}
          />
          {form.formState.errors.fapi_2?.message ? (
            <p role="alert" className="text-sm text-destructive">
              {fieldError(form.formState.errors.fapi_2.message)}
            </p>
          ) : null}
          {confidential ? <ClientAuthFields form={form} fapi={values.fapi_2} /> : null}
          <Button
            type="submit"
            variant="brand"
            size="sm"
            disabled={save.isPending || !form.formState.isDirty}
          >
            {save.isPending ? t('saving') : t('save')}
          </Button>
        </form>
        {dialog}
      </CardContent>
    </Card>
  );
}
