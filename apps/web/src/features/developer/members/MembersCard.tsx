import type { AppMember, MembersResponse } from '@omnia/contracts/members';
import { Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { errorMessage, message } from '@/lib/messages';
import { AddMemberForm } from './AddMemberForm';
import { useRemoveMember, useTransferApp } from './api';
import { type MemberAction, MemberRow } from './MemberRow';

/**
 * 'Members' on the app's page: the owner and the members; the owner adds, removes and hands the
 * app over, a member leaves. Each change asks 'Are you sure?' and 'Confirm it's you'.
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
  const transfer = useTransferApp(user?.id, appId, withStepUp);
  const [asking, setAsking] = useState<{ action: MemberAction; member: AppMember } | null>(null);
  const failedChange = (err: unknown) => {
    setAsking(null);
    toast.error(errorMessage(err, 'membersFailure'));
  };

  const confirm = () => {
    if (!asking) return;
    const { action, member } = asking;
    if (action === 'transfer')
      transfer.mutate(
        { user_id: member.user_id },
        {
          onSuccess: () => {
            setAsking(null);
            toast.success(message('appTransferred'));
          },
          onError: failedChange,
        },
      );
    else
      remove.mutate(member.user_id, {
        onSuccess: () => {
          setAsking(null);
          toast.success(message(action === 'leave' ? 'appLeft' : 'memberRemoved'));
          if (action === 'leave') onLeft();
        },
        onError: failedChange,
      });
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
              onAction={(action) => setAsking({ action, member: m })}
            />
          ))}
        </ul>
        {members.you === 'owner' ? (
          <AddMemberForm userId={user?.id} appId={appId} withStepUp={withStepUp} />
        ) : null}
      </div>
    );

  const who = asking?.member.username ?? '';
  const texts = asking ? (`${asking.action}Confirm` as const) : 'removeConfirm';
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
        body={t(`${texts}.body`, { who, app: appName })}
        confirmLabel={t(`${texts}.confirm`)}
        cancelLabel={t('cancel')}
        destructive={asking?.action !== 'transfer'}
        busy={remove.isPending || transfer.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      />
      {dialog}
    </Card>
  );
}
