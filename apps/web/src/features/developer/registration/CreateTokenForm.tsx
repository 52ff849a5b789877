import { zodResolver } from '@hookform/resolvers/zod';
import {
  createRegistrationTokenSchema,
  REGISTRATION_TOKEN_MAX_USES,
  type RegistrationTokenCreated,
} from '@omnia/contracts/registration';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { cancelledConfirmation } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { WithStepUp } from '@/lib/factors';
import { errorMessage } from '@/lib/messages';
import { useCreateRegistrationToken } from './api';

type Values = z.input<typeof createRegistrationTokenSchema>;

/** 'New registration token': a name, how long it lasts, how many apps it may register. */
export function CreateTokenForm({
  userId,
  withStepUp,
  onCreated,
}: {
  userId: string;
  withStepUp: WithStepUp;
  onCreated(created: RegistrationTokenCreated): void;
}) {
  const { t } = useTranslation('registration');
  const id = useId();
  const create = useCreateRegistrationToken(userId, withStepUp);
  const form = useForm<Values, unknown, z.output<typeof createRegistrationTokenSchema>>({
    resolver: zodResolver(createRegistrationTokenSchema),
    defaultValues: { label: '', lifetime: '7d', max_uses: 1 },
    reValidateMode: 'onSubmit',
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (created) => {
        form.reset({ label: '', lifetime: '7d', max_uses: 1 });
        toast.success(t('created'));
        onCreated(created);
      },
      onError: (err) => {
        if (!cancelledConfirmation(err)) toast.error(errorMessage(err, 'clientSettingsFailure'));
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="create-registration-token">
      <h3 className="text-sm font-semibold">{t('create.title')}</h3>
      <div className="grid gap-4 sm:grid-cols-3">
        <Input
          label={t('create.label')}
          placeholder={t('create.placeholder')}
          autoComplete="off"
          error={form.formState.errors.label?.message}
          {...form.register('label')}
        />
        <div className="space-y-1.5">
          <label htmlFor={`${id}-lifetime`} className="block text-sm font-medium">
            {t('create.lifetime')}
          </label>
          <select
            id={`${id}-lifetime`}
            className="flex h-9 w-full rounded-md border border-input bg-background/60 px-3 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
            {...form.register('lifetime')}
          >
            {(['1d', '7d', '30d'] as const).map((value) => (
              <option key={value} value={value}>
                {t(`create.lifetimes.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <Input
          type="number"
          min={1}
          max={REGISTRATION_TOKEN_MAX_USES}
          label={t('create.maxUses')}
          error={form.formState.errors.max_uses?.message}
          {...form.register('max_uses', { valueAsNumber: true })}
        />
      </div>
      <Button type="submit" variant="brand" size="sm" disabled={create.isPending}>
        {create.isPending ? t('create.creating') : t('create.submit')}
      </Button>
    </form>
  );
}
