import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CopyButton } from '../detail/CopyButton';
import { useCopy } from '../use-copy';

/** The webhook's signing secret, shown the one time the page has it in clear (it is kept sealed). */
export function WebhookSecretOnce({ secret, onDone }: { secret: string; onDone(): void }) {
  const { t } = useTranslation('webhooks');
  const { copied, copy } = useCopy();
  const label = t('secret.title');
  return (
    <div
      className="space-y-2 rounded-md border border-warning/40 bg-warning/10 p-3"
      data-testid="webhook-secret-once"
    >
      <p className="text-sm font-medium">{t('secret.title')}</p>
      <p className="flex items-start gap-2 text-sm">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('secret.once')}
      </p>
      <div className="flex items-center gap-2">
        <code
          data-testid="webhook-secret"
          className="flex h-9 min-w-0 flex-1 items-center overflow-x-auto rounded-md border border-border bg-background px-3 font-mono text-xs whitespace-nowrap"
        >
          {secret}
        </code>
        <CopyButton label={label} copied={copied === 'secret'} onCopy={() => copy('secret', secret, label)} />
      </div>
      <Button variant="outline" size="sm" onClick={onDone}>
        {t('secret.done')}
      </Button>
    </div>
  );
}
