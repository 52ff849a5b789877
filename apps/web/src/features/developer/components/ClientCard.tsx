import type { OAuthClient } from '@omnia/contracts/developer';
import { BarChart3, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLogo } from '@/components/ui/app-logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { StatusBadge } from './StatusBadge';

export function ClientCard({ client }: { client: OAuthClient }) {
  const { t } = useTranslation('developer');
  return (
    <Card className="flex flex-col transition-colors hover:border-primary/40" data-testid="client-card">
      <CardHeader className="flex-row items-start gap-3 space-y-0">
        <AppLogo src={client.logo_url} alt={t('card.logoAlt', { name: client.name })} />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="truncate text-base font-semibold">{client.name}</h2>
            <StatusBadge status={client.status} />
          </div>
          <p className="line-clamp-2 text-sm text-muted-foreground">
            {client.description || t('card.noDescription')}
          </p>
        </div>
      </CardHeader>
      <CardContent className="flex-1 space-y-3 text-sm">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5">
          <dt className="text-muted-foreground">{t('card.clientId')}</dt>
          <dd className="truncate font-mono text-xs leading-5" title={client.client_id}>
            {client.client_id}
          </dd>
          <dt className="text-muted-foreground">{t('card.created')}</dt>
          <dd>{formatDate(client.created_at)}</dd>
        </dl>
        <div className="flex flex-wrap gap-1.5">
          {client.allowed_scopes.map((scope) => (
            <Badge key={scope} variant="outline">
              {scope}
            </Badge>
          ))}
        </div>
      </CardContent>
      <CardFooter className="gap-2 border-t border-border pt-4">
        <Button asChild variant="outline" size="sm" className="flex-1">
          <Link to={`/dev-program/oauth2/clients/${encodeURIComponent(client.id)}/stats`}>
            <BarChart3 />
            {t('card.analytics')}
          </Link>
        </Button>
        <Button asChild variant="secondary" size="sm" className="flex-1">
          <Link to={`/dev-program/oauth2/clients/${encodeURIComponent(client.id)}`}>
            <ExternalLink />
            {t('card.viewDetails')}
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

export function ClientCardSkeleton() {
  return (
    <Card className="flex flex-col" data-testid="client-card-skeleton">
      <CardHeader className="flex-row items-start gap-3">
        <Skeleton className="size-12 rounded-xl" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </div>
      </CardHeader>
      <CardContent className="space-y-2">
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-1/2" />
        <div className="flex gap-2 pt-1">
          <Skeleton className="h-5 w-14 rounded-full" />
          <Skeleton className="h-5 w-12 rounded-full" />
        </div>
      </CardContent>
      <CardFooter className="gap-2 border-t border-border pt-4">
        <Skeleton className="h-9 flex-1" />
        <Skeleton className="h-9 flex-1" />
      </CardFooter>
    </Card>
  );
}
