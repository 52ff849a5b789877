import { DESCRIPTION_ROWS, isPublicAppType, redirectsBack } from '@omnia/contracts/constants';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { message } from '@/lib/messages';
import { AppFields } from './AppFields';
import { AppTypePicker } from './AppTypePicker';
import { logoRefusal } from './logo-upload';
import { PkceCheckbox } from './PkceCheckbox';
import { serverIssues } from './server-issues';
import { UriRows } from './UriRows';
import { postLogoutUriTexts } from './uri-texts';
import { EMPTY_REGISTRATION, fieldErrors, type RegisterValues, registerResolver } from './use-register';

export function RegisterForm({
  signedIn,
  submitting,
  onSubmit,
}: {
  signedIn: boolean;
  submitting: boolean;
  /** Registers; rejects with the failure, which has been reported already. */
  onSubmit(values: RegisterValues): Promise<unknown>;
}) {
  const { t } = useTranslation('developer');
  // As before: the messages change on submit only, and the focus stays where it is.
  const form = useForm<RegisterValues>({
    resolver: registerResolver,
    defaultValues: EMPTY_REGISTRATION,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const [readingLogo, setReadingLogo] = useState(false);
  const appType = form.watch('appType');

  const submit = form.handleSubmit(async (values) => {
    if (!signedIn) {
      toast.error(message('mustBeLoggedInToRegister'));
      return;
    }
    try {
      await onSubmit(values);
    } catch (error) {
      // A refused logo: the server's words at the field, which is empty again (no logo is kept).
      const refused = logoRefusal(error);
      if (refused) {
        form.setValue('logo', null);
        form.setError('logo', { message: refused });
        return;
      }
      // The server's verdict per field shows under each field, as the form's own does.
      for (const [field, fieldError] of Object.entries(fieldErrors(serverIssues(error)))) {
        if (fieldError?.message)
          form.setError(field as keyof RegisterValues, { message: fieldError.message });
      }
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate className="space-y-6" onSubmit={submit}>
        <Controller
          control={form.control}
          name="appType"
          render={({ field }) => <AppTypePicker value={field.value} onChange={field.onChange} />}
        />
        <Input
          label={t('register.name')}
          placeholder={t('register.namePlaceholder')}
          maxLength={100}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Textarea
          label={
            <>
              {t('register.description')}{' '}
              <span className="font-normal text-muted-foreground">{t('register.optional')}</span>
            </>
          }
          placeholder={t('register.descriptionPlaceholder')}
          rows={DESCRIPTION_ROWS}
          maxLength={1000}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <AppFields appType={appType} redirectUrisId="redirect-uris" onLogoReading={setReadingLogo} />
        {/* Only an app that redeems authorization codes with a secret may choose. */}
        {isPublicAppType(appType) || !redirectsBack(appType) ? null : (
          <Controller
            control={form.control}
            name="requirePkce"
            render={({ field }) => <PkceCheckbox checked={field.value} onChange={field.onChange} />}
          />
        )}
        {redirectsBack(appType) ? (
          <Controller
            control={form.control}
            name="postLogoutUris"
            render={({ field }) => (
              <UriRows
                id="post-logout-uris"
                rows={field.value}
                error={errors.postLogoutUris?.message}
                texts={postLogoutUriTexts(t, appType)}
                onChange={field.onChange}
              />
            )}
          />
        ) : null}
        <Button
          type="submit"
          variant="brand"
          size="lg"
          className="w-full"
          disabled={submitting || readingLogo}
        >
          {submitting ? <Spinner className="size-4 text-current" /> : null}
          {submitting ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
    </FormProvider>
  );
}
