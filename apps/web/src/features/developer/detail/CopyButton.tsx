import { Check, Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export function CopyButton({
  label,
  copied,
  disabled,
  onCopy,
}: {
  label: string;
  copied: boolean;
  disabled?: boolean;
  onCopy(): void;
}) {
  const { t } = useTranslation('developer');
  return (
    <Button
      variant="outline"
      size="icon"
      className="size-9 shrink-0"
      disabled={disabled}
      onClick={onCopy}
      aria-label={copied ? t('detail.copiedLabel') : t('detail.copy', { label })}
      title={copied ? t('detail.copiedLabel') : t('detail.copy', { label })}
    >
      {copied ? <Check className="text-success" /> : <Copy />}
    </Button>
  );
}
