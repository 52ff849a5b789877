import { useQuery } from '@tanstack/react-query';
import { Bot } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cancelledConfirmation, useStepUp } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDate } from '@/lib/format';
import { errorMessage } from '@/lib/messages';
import { appRegistrationQuery, useRevokeAppRegistration } from './api';

/** On an app a tool registered (RFC 7591): when, and 'Revoke the tool's access' to its registration access token. */
export function AppRegistrationNotice({
  userId,
  appId,
  appName,
}: {
  userId: string | undefined;
  appId: string;
  appName: string;
}) {
  const { t } = useTranslation('registration');
  const registration = useQuery(appRegistrationQuery(userId, appId));
  const { withStepUp, dialog } = useStepUp();
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeAppRegistration(userId, appId, withStepUp);
  const confirm = () =>
    revoke.mutate(undefined, {
      onSuccess: () => toast.success(t('app.revoked')),
      onError: (err) => {
        if (!cancelledConfirmation(err)) toast.error(errorMessage(err, 'clientSettingsFailure'));
      },
      onSettled: () => setConfirming(false),
    });
  const at = registration.data?.registered_at;
  if (!at) return null;
  return (
    <Card data-testid="app-registration">
      <CardContent className="flex flex-col gap-3 p-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-3">
          <Bot aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="space-y-1">
            <h2 className="text-base font-semibold">{t('app.title')}</h2>
            <p className="text-sm text-muted-foreground">{t('app.body', { date: formatDate(at) })}</p>
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 self-start"
          onClick={() => setConfirming(true)}
        >
          {t('app.revoke')}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('app.confirmTitle')}
        body={t('app.confirmBody', { app: appName })}
        confirmLabel={t('app.confirm')}
        cancelLabel={t('app.cancel')}
        destructive
        busy={revoke.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
      {dialog}
    </Card>
  );
}
