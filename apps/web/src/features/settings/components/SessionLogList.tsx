import { useQuery } from '@tanstack/react-query';
import { Laptop, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { sessionLogsQuery } from '../api';
import { useDeviceLabel } from './use-known';

/** Recent sign-ins (device, system, address, time), newest first. */
export function SessionLogList({ userId }: { userId: string }) {
  const { t } = useTranslation('settings', { keyPrefix: 'signIns' });
  const deviceLabel = useDeviceLabel();
  const logs = useQuery(sessionLogsQuery(userId));
  if (logs.isPending) return <Skeleton className="h-16 w-full" />;
  if (logs.isError) return <p className="text-sm text-muted-foreground">{t('unavailable')}</p>;
  if (logs.data.logs.length === 0) return <p className="text-sm text-muted-foreground">{t('empty')}</p>;
  return (
    <ul className="divide-y divide-border" data-testid="session-logs">
      {logs.data.logs.map((log) => {
        const Icon = log.device === 'iOS' || log.device === 'Android' ? Smartphone : Laptop;
        return (
          <li key={log.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="font-medium">{deviceLabel(log)}</span>
            <span className="text-muted-foreground">{log.ip ?? ''}</span>
            <time className="ml-auto whitespace-nowrap text-muted-foreground" dateTime={log.created_at}>
              {formatDateTime(log.created_at)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
