import type { RegistrationToken } from '@omnia/contracts/registration';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';

/** One live registration token: its name, what it registered, when it ends, and 'Revoke'. */
export function TokenRow({ token, onRevoke }: { token: RegistrationToken; onRevoke(): void }) {
  const { t } = useTranslation('registration');
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="min-w-0 space-y-0.5">
          <p className="truncate text-sm font-medium">{token.label}</p>
          <p className="text-xs text-muted-foreground">
            {t('row.uses', { uses: token.uses, max: token.max_uses })} ·{' '}
            {t('row.expires', { date: formatDate(token.expires_at) })}
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start sm:self-auto"
        aria-label={t('row.revokeLabel', { label: token.label })}
        onClick={onRevoke}
      >
        {t('row.revoke')}
      </Button>
    </li>
  );
}
