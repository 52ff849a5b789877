import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/**
 * Said where the data would be when it could not be read: never an empty list, an 'Off' or a
 * skeleton that stays, which would tell the person something untrue.
 */
export function LoadFailed({ onRetry, className }: { onRetry(): void; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className={cn('flex flex-wrap items-center gap-3 text-sm', className)}>
      <p className="min-w-0 flex-1">{t('loadFailed.text')}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t('loadFailed.retry')}
      </Button>
    </div>
  );
}

/** LoadFailed on a card of its own, where a whole page section or list would be. */
export function LoadFailedCard({ onRetry }: { onRetry(): void }) {
  return (
    <Card>
      <CardContent className="p-6">
        <LoadFailed onRetry={onRetry} />
      </CardContent>
    </Card>
  );
}
