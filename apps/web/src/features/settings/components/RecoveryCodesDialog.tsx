import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** Recovery codes, shown once: copy them or download them as a text file. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose(): void }) {
  const { t } = useTranslation('factors', { keyPrefix: 'security' });
  const [copied, setCopied] = useState(false);
  const text = (codes ?? []).join('\n');
  function download() {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('fileName');
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <Dialog open={codes !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('codesTitle')}</DialogTitle>
          <DialogDescription>{t('codesBody')}</DialogDescription>
        </DialogHeader>
        <ol
          className="grid grid-cols-2 gap-2 rounded-md border border-border bg-muted/30 p-3 font-mono text-sm"
          data-testid="recovery-codes"
        >
          {(codes ?? []).map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <DialogFooter className="gap-2 sm:justify-between">
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                void navigator.clipboard.writeText(text).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              <Copy />
              {copied ? t('copied') : t('copy')}
            </Button>
            <Button type="button" variant="outline" onClick={download}>
              <Download />
              {t('download')}
            </Button>
          </div>
          <Button type="button" variant="brand" onClick={onClose}>
            {t('done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
