import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** SPEC §4: approved → default, rejected → destructive, anything else → secondary; text capitalised. */
export function StatusBadge({ status }: { status: string }) {
  const variant = status === 'approved' ? 'default' : status === 'rejected' ? 'destructive' : 'secondary';
  const { t } = useTranslation('developer');
  const known = status ? status.charAt(0).toUpperCase() + status.slice(1) : status;
  const text = t(`status.${status}`, { defaultValue: known });
  return (
    <Badge variant={variant} data-testid="client-status">
      {text}
    </Badge>
  );
}
