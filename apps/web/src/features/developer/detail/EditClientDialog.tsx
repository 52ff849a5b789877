import { DESCRIPTION_ROWS } from '@omnia/contracts/constants';
import type { OAuthClient } from '@omnia/contracts/developer';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cancelledConfirmation, useStepUp } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, message } from '@/lib/messages';
import { useUpdateClient } from '../api';
import { AppFields } from '../register/AppFields';
import { logoRefusal } from '../register/logo-upload';
import { serverIssues } from '../register/server-issues';
import {
  type EditValues,
  editFieldErrors,
  editResolverFor,
  editValuesOf,
  toUpdateInput,
} from './edit-values';

/**
 * 'Edit app': name, description, logo, redirect URIs and scopes, with the registration's rules.
 * New URIs and scopes count for the next sign-in; narrowing the scopes ends the consents beyond
 * them (the dialog says so).
 */
export function EditClientDialog({
  client,
  onSaved,
}: {
  client: OAuthClient;
  onSaved(client: OAuthClient): void;
}) {
  const { t } = useTranslation('developer');
  const [open, setOpen] = useState(false);
  const form = useForm<EditValues>({
    resolver: editResolverFor(client.app_type),
    defaultValues: editValuesOf(client),
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const { withStepUp, dialog } = useStepUp();
  const save = useUpdateClient(client.id, withStepUp, {
    onSuccess: (saved) => {
      onSaved(saved);
      toast.success(saved.pending_change ? t('review.savedForReview') : t('edit.saved'));
      setOpen(false);
    },
    onError: (error) => {
      // A refused logo: nothing was saved; the server's words at the field, the current logo stays.
      const refused = logoRefusal(error);
      if (refused) {
        form.setValue('logo', null);
        form.setError('logo', { message: refused });
        return toast.error(message('logoUploadFailure'));
      }
      for (const [field, fieldError] of Object.entries(editFieldErrors(serverIssues(error))))
        if (fieldError?.message) form.setError(field as keyof EditValues, { message: fieldError.message });
      if (!cancelledConfirmation(error)) toast.error(errorMessage(error, 'unexpectedError'));
    },
  });
  const busy = save.isPending;
  const [readingLogo, setReadingLogo] = useState(false);
  const removeLogo = form.watch('removeLogo');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) form.reset(editValuesOf(client));
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          <Pencil />
          {t('edit.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('edit.title')}</DialogTitle>
          <DialogDescription>{t('edit.body')}</DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form
            noValidate
            className="space-y-5"
            onSubmit={form.handleSubmit((values) =>
              save.mutate({
                logo: values.logo,
                keptLogoUrl: values.removeLogo ? null : (client.pending_change?.logo_url ?? client.logo_url),
                toInput: (logoUrl) => toUpdateInput(values, logoUrl),
              }),
            )}
          >
            <Input
              label={t('register.name')}
              maxLength={100}
              error={errors.name?.message}
              {...form.register('name')}
            />
            <Textarea
              label={t('register.description')}
              rows={DESCRIPTION_ROWS}
              maxLength={1000}
              error={errors.description?.message}
              {...form.register('description')}
            />
            {client.logo_url ? (
              <div className="flex items-center gap-3">
                <img
                  src={client.logo_url}
                  alt={t('edit.currentLogo')}
                  className={`size-12 rounded-md border object-cover ${removeLogo ? 'opacity-40' : ''}`}
                />
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4 accent-primary" {...form.register('removeLogo')} />
                  {t('edit.removeLogo')}
                </label>
              </div>
            ) : null}
            <AppFields
              appType={client.app_type}
              redirectUrisId="edit-redirect-uris"
              onLogoReading={setReadingLogo}
            />
            <p className="text-xs text-muted-foreground">{t('edit.scopesHint')}</p>
            <DialogFooter>
              <Button type="button" variant="outline" disabled={busy} onClick={() => setOpen(false)}>
                {t('detail.cancel')}
              </Button>
              <Button type="submit" variant="brand" disabled={busy || readingLogo} aria-busy={busy}>
                {busy ? t('edit.saving') : t('edit.save')}
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
        {dialog}
      </DialogContent>
    </Dialog>
  );
}
