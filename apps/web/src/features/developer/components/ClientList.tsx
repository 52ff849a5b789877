import { useQuery } from '@tanstack/react-query';
import { Boxes, Plus } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { LoadFailedCard } from '@/components/ui/load-failed';
import { message } from '@/lib/messages';
import { clientListQuery } from '../api';
import { ClientCard, ClientCardSkeleton } from './ClientCard';

const grid = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

export function ClientList({ userId }: { userId: string }) {
  const { t } = useTranslation('developer');
  const clients = useQuery(clientListQuery(userId));

  useEffect(() => {
    if (clients.isError) toast.error(message('clientListFailure'));
  }, [clients.isError]);

  if (clients.isPending) {
    return (
      <div className={grid} aria-busy="true">
        <ClientCardSkeleton />
        <ClientCardSkeleton />
        <ClientCardSkeleton />
      </div>
    );
  }
  // Unread is not 'no apps yet'.
  if (!clients.data) return <LoadFailedCard onRetry={() => void clients.refetch()} />;
  const list = clients.data;
  if (list.length === 0) {
    return (
      <Card className="border-dashed">
        <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <Boxes aria-hidden="true" className="size-6" />
          </span>
          <div className="space-y-1.5">
            <h2 className="text-lg font-semibold">{t('dashboard.emptyTitle')}</h2>
            <p className="text-sm text-muted-foreground">{t('dashboard.emptyBody')}</p>
          </div>
          <Button asChild variant="outline">
            <Link to="/dev-program/oauth2/new">
              <Plus />
              {t('dashboard.emptyAction')}
            </Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className={grid}>
      {list.map((client) => (
        <ClientCard key={client.id} client={client} />
      ))}
    </div>
  );
}
