import type { AppMember, MembersResponse } from '@omnia/contracts/members';
import { Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cancelledConfirmation, useStepUp } from '@/components/factors/use-step-up';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { errorMessage, message } from '@/lib/messages';
import { AddMemberForm } from './AddMemberForm';
import { useAcceptApp, useOfferApp, useRemoveMember, useWithdrawOffer } from './api';
import { type MemberAction, MemberRow } from './MemberRow';

/**
 * 'Members' on the app's page: the owner and the members; the owner adds and removes members and
 * offers the app to one, who accepts or declines it; a member leaves. Each change that gives
 * something away asks 'Are you sure?' and 'Confirm it's you'.
 */
export function MembersCard({
  appId,
  appName,
  members,
  failed,
  onLeft,
}: {
  appId: string;
  appName: string;
  members: MembersResponse | undefined;
  failed: boolean;
  onLeft(): void;
}) {
  const { t } = useTranslation('members');
  const { user } = useAuth();
  const { withStepUp, dialog } = useStepUp();
  const remove = useRemoveMember(user?.id, appId, withStepUp);
  const offer = useOfferApp(user?.id, appId, withStepUp);
  const withdraw = useWithdrawOffer(user?.id, appId);
  const accept = useAcceptApp(user?.id, appId, withStepUp);
  const [asking, setAsking] = useState<{ action: MemberAction; member: AppMember } | null>(null);
  const failedChange = (err: unknown) => {
    setAsking(null);
    if (!cancelledConfirmation(err)) toast.error(errorMessage(err, 'membersFailure'));
  };

  const done = (key: Parameters<typeof message>[0]) => () => {
    setAsking(null);
    toast.success(message(key));
  };
  const confirm = () => {
    if (!asking) return;
    const { action, member } = asking;
    if (action === 'transfer')
      offer.mutate(
        { user_id: member.user_id },
        { onSuccess: done('ownershipOffered'), onError: failedChange },
      );
    else if (action === 'accept')
      accept.mutate(undefined, { onSuccess: done('appTransferred'), onError: failedChange });
    else
      remove.mutate(member.user_id, {
        onSuccess: () => {
          done(action === 'leave' ? 'appLeft' : 'memberRemoved')();
          if (action === 'leave') onLeft();
        },
        onError: failedChange,
      });
  };
  // Withdrawing or declining an offer gives nothing away: no 'Are you sure?'.
  const act = (action: MemberAction, member: AppMember) => {
    if (withdraw.isPending) return;
    if (action === 'withdraw' || action === 'decline')
      withdraw.mutate(undefined, {
        onSuccess: done(action === 'withdraw' ? 'ownershipOfferWithdrawn' : 'ownershipDeclined'),
        onError: failedChange,
      });
    else setAsking({ action, member });
  };

  let body: ReactNode;
  if (failed) body = <p className="text-sm text-destructive">{t('failed')}</p>;
  else if (!members) body = <Spinner />;
  else
    body = (
      <div className="space-y-4">
        <ul className="space-y-2" data-testid="members">
          {members.members.map((m) => (
            <MemberRow
              key={m.user_id}
              member={m}
              you={members.you}
              isYou={m.user_id === user?.id}
              busy={withdraw.isPending || accept.isPending}
              onAction={(action) => act(action, m)}
            />
          ))}
        </ul>
        {members.you === 'owner' ? (
          <AddMemberForm userId={user?.id} appId={appId} withStepUp={withStepUp} />
        ) : null}
      </div>
    );

  const who = asking?.member.username ?? '';
  const owner = members?.members.find((m) => m.role === 'owner')?.username ?? '';
  // The offer standing now, which a new one withdraws.
  const standing = members?.members.find((m) => m.ownership_offered_until);
  const confirming = asking?.action;
  const texts =
    confirming === 'leave' || confirming === 'transfer' || confirming === 'accept'
      ? (`${confirming}Confirm` as const)
      : 'removeConfirm';
  return (
    <Card data-testid="members-card">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
          <Users aria-hidden="true" className="size-5 text-primary" />
          {t('title')}
        </h2>
        <CardDescription>{t('subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <ConfirmDialog
        open={asking !== null}
        title={t(`${texts}.title`, { who, app: appName })}
        body={
          confirming === 'transfer' && standing && standing.user_id !== asking?.member.user_id
            ? `${t('transferConfirm.body', { who, app: appName })} ${t('transferReplaces', { other: standing.username ?? '' })}`
            : t(`${texts}.body`, { who, app: appName, owner })
        }
        confirmLabel={t(`${texts}.confirm`)}
        cancelLabel={t('cancel')}
        destructive={confirming === 'remove' || confirming === 'leave'}
        busy={remove.isPending || offer.isPending || accept.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      />
      {dialog}
    </Card>
  );
}
