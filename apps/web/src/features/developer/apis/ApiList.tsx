import { useQuery } from '@tanstack/react-query';
import { Plus, Waypoints } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadFailedCard } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { apiListQuery } from './api';

/** The dashboard's APIs tab: the person's APIs, and 'Register an API'. */
export function ApiList({ userId }: { userId: string }) {
  const { t } = useTranslation('apis');
  const apis = useQuery(apiListQuery(userId));

  const register = (
    <Button asChild variant="outline">
      <Link to="/dev-program/oauth2/apis/new">
        <Plus />
        {t('list.register')}
      </Link>
    </Button>
  );
  if (apis.isPending) return <Skeleton className="h-32 w-full" aria-busy="true" />;
  // Unread is not 'no APIs yet'; registering one still works.
  if (!apis.data)
    return (
      <div className="space-y-4">
        <LoadFailedCard onRetry={() => void apis.refetch()} />
        {register}
      </div>
    );
  const list = apis.data;
  return (
    <div className="space-y-4">
      <p className="max-w-prose text-sm text-muted-foreground">{t('list.intro')}</p>
      {list.length === 0 ? (
        <Card className="border-dashed">
          <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <Waypoints aria-hidden="true" className="size-6" />
            </span>
            <div className="space-y-1.5">
              <h2 className="text-lg font-semibold">{t('list.emptyTitle')}</h2>
              <p className="text-sm text-muted-foreground">{t('list.emptyBody')}</p>
            </div>
            {register}
          </CardContent>
        </Card>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((api) => (
              <Card
                key={api.id}
                className="flex flex-col transition-colors hover:border-primary/40"
                data-testid="api-card"
              >
                <CardHeader className="space-y-1">
                  <h2 className="truncate text-base font-semibold">
                    <Link to={`/dev-program/oauth2/apis/${api.id}`} className="hover:underline">
                      {api.name}
                    </Link>
                  </h2>
                  <p className="truncate font-mono text-xs text-muted-foreground" title={api.identifier}>
                    {api.identifier}
                  </p>
                </CardHeader>
                <CardContent className="flex flex-wrap gap-1.5">
                  {api.scopes.map((scope) => (
                    <Badge key={scope.name} variant="outline" className="font-mono">
                      {scope.name}
                    </Badge>
                  ))}
                </CardContent>
              </Card>
            ))}
          </div>
          {register}
        </>
      )}
    </div>
  );
}
