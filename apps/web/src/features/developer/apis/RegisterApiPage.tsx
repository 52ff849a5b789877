import type { ApiCreatedResponse } from '@omnia/contracts/apis';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/messages';
import { DeveloperShell } from '../components/DeveloperShell';
import { SignInNotice } from '../components/SignInNotice';
import { useCreateApi } from './api';
import { type ApiFormValues, createApiResolver, EMPTY_API, placeServerIssues } from './api-form';
import { ScopeRows } from './ScopeRows';
import { SecretOnce } from './SecretOnce';

/** /dev-program/oauth2/apis/new — register an API; its introspection secret is shown once after. */
export function RegisterApiPage() {
  useScreenTitle('registerApi');
  const { t } = useTranslation('apis');
  const { user, loading } = useAuth();
  const [created, setCreated] = useState<ApiCreatedResponse | null>(null);
  const create = useCreateApi(user?.id);
  const form = useForm<ApiFormValues>({
    resolver: createApiResolver,
    defaultValues: EMPTY_API,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      setCreated(await create.mutateAsync(values));
      toast.success(t('register.done'));
    } catch (error) {
      if (!placeServerIssues(form.setError, error)) toast.error(errorMessage(error, 'unexpectedError'));
    }
  });

  let body = null;
  if (loading) body = null;
  else if (!user) body = <SignInNotice returnTo="/dev-program/oauth2/apis/new" />;
  else if (created) {
    body = (
      <CardContent className="space-y-4 p-6 sm:p-8" data-testid="api-created">
        <h1 className="text-2xl font-semibold">{t('register.createdTitle', { name: created.api.name })}</h1>
        <p className="text-sm text-muted-foreground">{t('register.createdBody')}</p>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">{t('credentials.id')}</dt>
          <dd className="font-mono text-xs break-all">{created.api.credential_id}</dd>
        </dl>
        <SecretOnce secret={created.credential_secret} />
        <Button asChild variant="brand">
          <Link to={`/dev-program/oauth2/apis/${created.api.id}`}>
            {t('register.openApi')}
            <ArrowRight />
          </Link>
        </Button>
      </CardContent>
    );
  } else {
    body = (
      <>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight tracking-tight">{t('register.title')}</h1>
          <CardDescription>{t('register.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          <FormProvider {...form}>
            <form noValidate className="space-y-6" onSubmit={submit}>
              <Input
                label={t('form.name')}
                placeholder={t('form.namePlaceholder')}
                maxLength={100}
                error={errors.name?.message}
                {...form.register('name')}
              />
              <div className="space-y-1.5">
                <Input
                  label={t('form.identifier')}
                  placeholder="https://api.example.com/"
                  autoComplete="off"
                  className="font-mono"
                  error={errors.identifier?.message}
                  aria-describedby="api-identifier-hint"
                  {...form.register('identifier')}
                />
                <p id="api-identifier-hint" className="text-xs text-muted-foreground">
                  {t('form.identifierHint')}
                </p>
              </div>
              <ScopeRows />
              <Button type="submit" variant="brand" size="lg" className="w-full" disabled={create.isPending}>
                {create.isPending ? <Spinner className="size-4 text-current" /> : null}
                {create.isPending ? t('register.submitting') : t('register.submit')}
              </Button>
            </form>
          </FormProvider>
        </CardContent>
      </>
    );
  }

  return (
    <DeveloperShell width="narrow">
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4">
        <Link to="/dev-program/oauth2?tab=apis">
          <ArrowLeft />
          {t('back')}
        </Link>
      </Button>
      <Card>{body}</Card>
    </DeveloperShell>
  );
}
export { RegisterApiPage as Component };
