import type { AppMember, AppRole } from '@omnia/contracts/members';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';

/** What the caller may do to one row. */
export type MemberAction = 'remove' | 'leave' | 'transfer';

/** One person who manages the app: name, username, role, and the actions the caller has on them. */
export function MemberRow({
  member,
  you,
  isYou,
  onAction,
}: {
  member: AppMember;
  you: AppRole;
  isYou: boolean;
  onAction(action: MemberAction): void;
}) {
  const { t } = useTranslation('members');
  const who = member.username ?? '';
  const ownerActs = you === 'owner' && member.role === 'member';
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
      </div>
      <Badge variant={member.role === 'owner' ? 'secondary' : 'outline'}>{t(member.role)}</Badge>
      {ownerActs ? (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-label={t('transferLabel', { who })}
            onClick={() => onAction('transfer')}
          >
            {t('transfer')}
          </Button>
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
        <Button variant="outline" size="sm" onClick={() => onAction('leave')}>
          {t('leave')}
        </Button>
      ) : null}
    </li>
  );
}
