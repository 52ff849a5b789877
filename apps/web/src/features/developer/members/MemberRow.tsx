import type { AppMember, AppRole } from '@omnia/contracts/members';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';

/** What the caller may do to one row. */
export type MemberAction = 'remove' | 'leave' | 'transfer' | 'withdraw' | 'accept' | 'decline';

/** One person who manages the app: name, username, role, and the actions the caller has on them. */
export function MemberRow({
  member,
  you,
  isYou,
  busy,
  onAction,
}: {
  member: AppMember;
  you: AppRole;
  isYou: boolean;
  /** A change of the offer is under way: its buttons wait. */
  busy: boolean;
  onAction(action: MemberAction): void;
}) {
  const { t } = useTranslation('members');
  const who = member.username ?? '';
  const ownerActs = you === 'owner' && member.role === 'member';
  const offeredUntil = member.ownership_offered_until;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-border p-3">
      <div className="min-w-40 flex-1">
        <p className="text-sm font-medium break-words">
          {member.full_name ?? (member.username ? `@${member.username}` : t('noUsername'))}
          {isYou ? <span className="text-muted-foreground"> ({t('you')})</span> : null}
        </p>
        <p className="text-xs text-muted-foreground break-all">
          {member.username ? `@${member.username}` : t('noUsername')}
          {member.added_at ? ` · ${t('addedOn', { date: formatDate(member.added_at) })}` : null}
        </p>
        {offeredUntil ? (
          <p className="text-xs text-muted-foreground" data-testid="ownership-offer">
            {t(isYou ? 'offeredToYou' : 'offeredTo', { date: formatDate(offeredUntil) })}
          </p>
        ) : null}
      </div>
      <Badge variant={member.role === 'owner' ? 'secondary' : 'outline'}>{t(member.role)}</Badge>
      {ownerActs ? (
        <div className="flex gap-2">
          {offeredUntil ? (
            <Button
              variant="outline"
              size="sm"
              aria-label={t('withdrawLabel', { who })}
              disabled={busy}
              onClick={() => onAction('withdraw')}
            >
              {t('withdraw')}
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              aria-label={t('transferLabel', { who })}
              onClick={() => onAction('transfer')}
            >
              {t('transfer')}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('removeLabel', { who })}
            onClick={() => onAction('remove')}
          >
            {t('remove')}
          </Button>
        </div>
      ) : null}
      {isYou && member.role === 'member' ? (
        <div className="flex flex-wrap gap-2">
          {offeredUntil ? (
            <>
              <Button size="sm" disabled={busy} onClick={() => onAction('accept')}>
                {t('accept')}
              </Button>
              <Button variant="outline" size="sm" disabled={busy} onClick={() => onAction('decline')}>
                {t('decline')}
              </Button>
            </>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => onAction('leave')}>
            {t('leave')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
