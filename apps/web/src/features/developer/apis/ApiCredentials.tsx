import type { DeveloperApi } from '@omnia/contracts/apis';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/messages';
import { CopyButton } from '../detail/CopyButton';
import { useCopy } from '../use-copy';
import { useRotateApiSecret } from './api';
import { SecretOnce } from './SecretOnce';

/** The API's own credentials at the introspection endpoint: its id, and a new secret on request. */
export function ApiCredentials({ api }: { api: DeveloperApi }) {
  const { t } = useTranslation('apis');
  const { copied, copy } = useCopy();
  const [secret, setSecret] = useState<string | null>(null);
  const { withStepUp, dialog } = useStepUp();
  const rotate = useRotateApiSecret(api.id, withStepUp);
  const label = t('credentials.id');
  return (
    <section className="space-y-3 rounded-lg border border-border p-4" data-testid="api-credentials">
      <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {t('credentials.title')}
      </h2>
      <p className="text-xs text-muted-foreground">{t('credentials.hint')}</p>
      <div className="space-y-1.5">
        <div className="text-sm font-medium">{label}</div>
        <div className="flex items-center gap-2">
          <code className="flex h-9 min-w-0 flex-1 items-center overflow-x-auto rounded-md border border-border bg-muted/40 px-3 font-mono text-xs whitespace-nowrap">
            {api.credential_id}
          </code>
          <CopyButton
            label={label}
            copied={copied === 'id'}
            onCopy={() => copy('id', api.credential_id, label)}
          />
        </div>
      </div>
      {secret ? <SecretOnce secret={secret} /> : null}
      <Button
        variant="outline"
        disabled={rotate.isPending}
        onClick={() =>
          rotate.mutate(undefined, {
            onSuccess: (result) => {
              setSecret(result.credential_secret);
              toast.success(t('credentials.rotated'));
            },
            onError: (error) => {
              if (error instanceof ApiError && error.code === 'step_up_required') return;
              toast.error(errorMessage(error, 'unexpectedError'));
            },
          })
        }
      >
        <RefreshCw className={rotate.isPending ? 'animate-spin motion-reduce:animate-none' : undefined} />
        {t('credentials.rotate')}
      </Button>
      {dialog}
    </section>
  );
}
