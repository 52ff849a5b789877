import { CLIENT_ID_REVEAL_CLICKS, CLIENT_ID_REVEAL_RESET_MS } from '@omnia/contracts/constants';
import { Code2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * The user's newest client id (or a placeholder). Five clicks, at most 3 s apart, reveal the
 * Developer Program button.
 */
export function ClientIdBlock({ clientId }: { clientId: string | null }) {
  const { t } = useTranslation('settings', { keyPrefix: 'clientId' });
  const clicks = useRef<{ count: number; at: number }>({ count: 0, at: 0 });
  const [revealed, setRevealed] = useState(false);
  const onClick = () => {
    const now = Date.now();
    const c = clicks.current;
    c.count = now - c.at <= CLIENT_ID_REVEAL_RESET_MS ? c.count + 1 : 1;
    c.at = now;
    if (c.count >= CLIENT_ID_REVEAL_CLICKS) setRevealed(true);
  };
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium">{t('label')}</p>
      <button
        type="button"
        onClick={onClick}
        data-testid="client-id"
        className="w-full truncate rounded-md border bg-muted/50 px-3 py-2 text-left font-mono text-sm text-muted-foreground"
      >
        {clientId ?? t('none')}
      </button>
      {revealed ? (
        <Button asChild variant="brand" size="sm">
          <Link to="/dev-program/oauth2">
            <Code2 aria-hidden="true" />
            {t('developerProgram')}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
