import { REGISTRATION_ENDPOINT, type RegistrationToken } from '@omnia/contracts/registration';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cancelledConfirmation, useStepUp } from '@/components/factors/use-step-up';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/messages';
import { SecretOnce } from '../apis/SecretOnce';
import { registrationTokensQuery, useRevokeRegistrationToken } from './api';
import { CreateTokenForm } from './CreateTokenForm';
import { TokenRow } from './TokenRow';

/** The dashboard's Registration tab: initial access tokens for dynamic client registration (RFC 7591). */
export function RegistrationTokens({ userId }: { userId: string }) {
  const { t } = useTranslation('registration');
  const tokens = useQuery(registrationTokensQuery(userId));
  const { withStepUp, dialog } = useStepUp();
  const revoke = useRevokeRegistrationToken(userId, withStepUp);
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<RegistrationToken | null>(null);
  const endpoint = `${window.location.origin}${REGISTRATION_ENDPOINT}`;

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => toast.success(t('revoked')),
      onError: (err) => {
        if (!cancelledConfirmation(err)) toast.error(errorMessage(err, 'clientSettingsFailure'));
      },
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <Card data-testid="registration-tokens">
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight tracking-tight">{t('title')}</h2>
        <CardDescription className="max-w-prose">{t('intro', { endpoint })}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <CreateTokenForm userId={userId} withStepUp={withStepUp} onCreated={(made) => setShown(made.token)} />
        {shown ? <SecretOnce secret={shown} label={t('tokenLabel')} note={t('once')} /> : null}
        {tokens.isPending ? (
          <Skeleton className="h-16 w-full" aria-busy="true" />
        ) : tokens.isError ? (
          <p className="text-sm text-destructive">{t('failed')}</p>
        ) : tokens.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          <ul className="divide-y divide-border" data-testid="registration-token-list">
            {tokens.data.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
            ))}
          </ul>
        )}
        <ConfirmDialog
          open={revoking !== null}
          title={t('revokeConfirm.title', { label: revoking?.label ?? '' })}
          body={t('revokeConfirm.body')}
          confirmLabel={t('revokeConfirm.confirm')}
          cancelLabel={t('revokeConfirm.cancel')}
          destructive
          busy={revoke.isPending}
          onConfirm={confirmRevoke}
          onCancel={() => setRevoking(null)}
        />
        {dialog}
      </CardContent>
    </Card>
  );
}
