import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/messages';
import { useExportAccountData } from '../api';

/** Settings → Account → Download your data: one JSON file with everything stored about the person. */
export function DownloadDataCard() {
  const { t } = useTranslation('settings', { keyPrefix: 'yourData' });
  const { withStepUp, dialog } = useStepUp();
  const exportData = useExportAccountData(withStepUp);
  const download = () =>
    exportData.mutate(undefined, {
      onSuccess: (data) => {
        const url = URL.createObjectURL(
          new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
        );
        const link = document.createElement('a');
        link.href = url;
        link.download = t('fileName');
        link.click();
        URL.revokeObjectURL(url);
      },
      onError: (err) => {
        // Closing 'Confirm it's you' is the person's choice, not a failure.
        if (!(err instanceof ApiError && err.code === 'step_up_required'))
          toast.error(errorMessage(err, 'unexpectedError'));
      },
    });
  return (
    <Card className="space-y-3 p-6" data-testid="your-data">
      <h2 className="text-base font-semibold">{t('title')}</h2>
      <p className="text-sm text-muted-foreground">{t('body')}</p>
      <Button variant="outline" disabled={exportData.isPending} onClick={download}>
        <Download />
        {t('download')}
      </Button>
      {dialog}
    </Card>
  );
}
