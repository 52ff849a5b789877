import { SECRET_MASK_LENGTH } from '@omnia/contracts/constants';
import { Eye, EyeOff, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/messages';
import { useFetchSecret } from '../api';
import { CopyButton } from './CopyButton';

const MASK = '\u2022'.repeat(SECRET_MASK_LENGTH);

/** The client secret, masked with 20 dots; revealing it (or copying it) fetches it once. */
export function SecretField({
  clientId,
  secret,
  onSecret,
  copied,
  onCopy,
}: {
  clientId: string;
  secret: string | null;
  onSecret(secret: string): void;
  copied: boolean;
  onCopy(secret: string): void;
}) {
  const { t } = useTranslation('developer');
  const [revealed, setRevealed] = useState(false);
  // Asked for only when revealed or copied, and held by the card rather than the query cache.
  // Revealing the secret is sensitive: 'Confirm it's you' first when the sign-in is not fresh.
  const { withStepUp, dialog } = useStepUp();
  const fetching = useFetchSecret(clientId, withStepUp, {
    onSuccess: onSecret,
    onError: (err) => {
      if (!(err instanceof ApiError && err.code === 'step_up_required'))
        toast.error(errorMessage(err, 'clientDetailFailure'));
    },
  });
  const loading = fetching.isPending;

  async function load(): Promise<string | null> {
    if (secret) return secret;
    return fetching.mutateAsync().catch(() => null);
  }

  const label = t('detail.clientSecret');
  return (
    <div className="space-y-1.5">
      <div className="text-sm font-medium">{label}</div>
      <div className="flex items-center gap-2">
        <code
          data-testid="client-secret"
          className="flex h-9 min-w-0 flex-1 items-center overflow-x-auto rounded-md border border-border bg-muted/40 px-3 font-mono text-xs whitespace-nowrap"
        >
          {revealed && secret ? secret : MASK}
        </code>
        <Button
          variant="outline"
          size="icon"
          className="size-9 shrink-0"
          aria-label={revealed ? t('detail.hideSecret') : t('detail.showSecret')}
          aria-pressed={revealed}
          disabled={loading}
          onClick={async () => {
            if (revealed) return setRevealed(false);
            if (await load()) setRevealed(true);
          }}
        >
          {loading ? <Loader2 className="animate-spin" /> : revealed ? <EyeOff /> : <Eye />}
        </Button>
        <CopyButton
          label={label}
          copied={copied}
          disabled={loading}
          onCopy={async () => {
            const value = await load();
            if (value) onCopy(value);
          }}
        />
      </div>
      <p className="text-xs text-muted-foreground">{t('detail.secretHint')}</p>
      {dialog}
    </div>
  );
}
