import type { DeveloperApi } from '@omnia/contracts/apis';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
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
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/messages';
import { useUpdateApi } from './api';
import { type ApiFormValues, placeServerIssues, updateApiResolver } from './api-form';
import { ScopeRows } from './ScopeRows';

/** 'Edit API': its name and scopes (its identifier is its tokens' audience, fixed). */
export function EditApiDialog({ api, userId }: { api: DeveloperApi; userId: string }) {
  const { t } = useTranslation('apis');
  const [open, setOpen] = useState(false);
  const { withStepUp, dialog } = useStepUp();
  const update = useUpdateApi(userId, api.id, withStepUp);
  const values = (): ApiFormValues => ({ name: api.name, identifier: api.identifier, scopes: api.scopes });
  const form = useForm<ApiFormValues>({
    resolver: updateApiResolver,
    defaultValues: values(),
    reValidateMode: 'onSubmit',
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ name: input.name, scopes: input.scopes });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'step_up_required') return;
      if (!placeServerIssues(form.setError, error)) toast.error(errorMessage(error, 'unexpectedError'));
      return;
    }
    toast.success(t('edit.saved'));
    setOpen(false);
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (update.isPending) return;
        if (next) form.reset(values());
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          <Pencil />
          {t('edit.open')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('edit.title')}</DialogTitle>
          <DialogDescription>{t('edit.body')}</DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form noValidate className="space-y-5" onSubmit={submit}>
            <Input
              label={t('form.name')}
              maxLength={100}
              error={form.formState.errors.name?.message}
              {...form.register('name')}
            />
            <ScopeRows />
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={update.isPending}
                onClick={() => setOpen(false)}
              >
                {t('cancel')}
              </Button>
              <Button type="submit" variant="brand" disabled={update.isPending} aria-busy={update.isPending}>
                {update.isPending ? t('edit.saving') : t('edit.save')}
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
      {dialog}
    </Dialog>
  );
}
