import { useTranslation } from 'react-i18next';
import { BreakableIn, SLOT } from '@/components/ui/breakable';
import { Button } from '@/components/ui/button';

export interface AccountLineProps {
  email: string;
  /** Signs out, then signs in again and restarts this authorization. */
  onSwitch(): void;
  /** The sign-out is under way. */
  switching: boolean;
  /** Something else is in flight (the decision). */
  disabled?: boolean;
}

/** Which account the person is about to use, and the way out when it is not theirs. */
export function AccountLine({ email, onSwitch, switching, disabled = false }: AccountLineProps) {
  const { t } = useTranslation('consent');
  return (
    <div className="flex flex-col items-center gap-1">
      <p
        data-testid="consent-account"
        className="max-w-full rounded-xl border border-border bg-background/60 px-3 py-1 text-center text-xs text-muted-foreground"
      >
        {/* A long address wraps at its joints (390 px) instead of being cut. */}
        <BreakableIn sentence={t('signedInAs', { email: SLOT })} value={email} />
      </p>
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto px-1 py-0.5 text-xs"
        disabled={switching || disabled}
        aria-busy={switching}
        onClick={onSwitch}
      >
        {switching ? t('switching') : t('switchAccount')}
      </Button>
    </div>
  );
}
