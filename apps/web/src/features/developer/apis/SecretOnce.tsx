import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../detail/CopyButton';
import { useCopy } from '../use-copy';

/**
 * A secret shown the one time it exists in clear (only its hash is kept): an API's introspection
 * secret unless told what it is (`label`, `note`).
 */
export function SecretOnce({
  secret,
  label: named,
  note,
}: {
  secret: string;
  label?: string;
  note?: string;
}) {
  const { t } = useTranslation('apis');
  const { copied, copy } = useCopy();
  const label = named ?? t('credentials.secret');
  return (
    <div
      className="space-y-2 rounded-md border border-warning/40 bg-warning/10 p-3"
      data-testid="api-secret-once"
    >
      <p className="flex items-start gap-2 text-sm font-medium">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {note ?? t('credentials.onceOnly')}
      </p>
      <div className="flex items-center gap-2">
        <code
          data-testid="api-secret"
          className="flex h-9 min-w-0 flex-1 items-center overflow-x-auto rounded-md border border-border bg-background px-3 font-mono text-xs whitespace-nowrap"
        >
          {secret}
        </code>
        <CopyButton label={label} copied={copied === 'secret'} onCopy={() => copy('secret', secret, label)} />
      </div>
    </div>
  );
}
