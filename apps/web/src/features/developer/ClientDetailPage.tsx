import type { OAuthClient, RotateResponse } from '@omnia/contracts/developer';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { message } from '@/lib/messages';
import {
  clientErrorsQuery,
  clientListQuery,
  clientQuery,
  clientStatsQuery,
  logoutDeliveriesQuery,
} from './api';
import { DeveloperShell } from './components/DeveloperShell';
import { SignInNotice } from './components/SignInNotice';
import { ClientDetailsCard } from './detail/ClientDetailsCard';
import { DetailSkeleton } from './detail/DetailSkeleton';
import { LogoutDeliveriesCard } from './detail/LogoutDeliveriesCard';
import { RecentErrorsCard } from './detail/RecentErrorsCard';
import { StatsCard } from './detail/StatsCard';
import { membersQuery } from './members/api';
import { MembersCard } from './members/MembersCard';
import { AppRegistrationNotice } from './registration/AppRegistrationNotice';
import { SecurityCard } from './security/SecurityCard';
import { WebhookCard } from './webhooks/WebhookCard';
import { WebhookDeliveriesCard } from './webhooks/WebhookDeliveriesCard';

function BackButton() {
  const { t } = useTranslation('developer');
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4">
      <Link to="/dev-program/oauth2">
        <ArrowLeft />
        {t('detail.back')}
      </Link>
    </Button>
  );
}

function NotFound() {
  const { t } = useTranslation('developer');
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-xl font-semibold">{t('detail.notFound')}</h1>
        <p className="text-sm text-muted-foreground">{t('detail.notFoundBody')}</p>
      </CardContent>
    </Card>
  );
}

/**
 * /dev-program/oauth2/clients/:id (and /stats, which focuses the statistics card). A client that
 * does not exist, or is not the caller's, answers 404: 'Client not found'. Other load failures
 * toast and go back to the dashboard (SPEC §8).
 */
export function ClientDetailPage() {
  useScreenTitle('clientDetail');
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, loading } = useAuth();
  const signedIn = Boolean(user);
  const clientOptions = clientQuery(user?.id, id);
  const client = useQuery(clientOptions);
  const statsOptions = clientStatsQuery(user?.id, id);
  const stats = useQuery({ ...statsOptions, enabled: statsOptions.enabled && client.isSuccess });
  const errorsOptions = clientErrorsQuery(user?.id, id);
  const errors = useQuery({ ...errorsOptions, enabled: errorsOptions.enabled && client.isSuccess });
  const deliveriesOptions = logoutDeliveriesQuery(user?.id, id);
  // Only a web application can have a back-channel logout URI (and so deliveries).
  const hasBackchannel = client.data?.app_type === 'web';
  const deliveries = useQuery({ ...deliveriesOptions, enabled: deliveriesOptions.enabled && hasBackchannel });
  const membersOptions = membersQuery(user?.id, id);
  const members = useQuery({ ...membersOptions, enabled: membersOptions.enabled && client.isSuccess });
  const statsRef = useRef<HTMLDivElement>(null);
  const focusStats = location.pathname.endsWith('/stats');
  const notFound = client.error instanceof ApiError && client.error.status === 404;

  // Only when there is nothing to show: a failed reload in the background keeps the page (and
  // whatever the person is editing on it).
  const nothingLoaded = client.isError && !client.data;
  useEffect(() => {
    if (nothingLoaded && !notFound) {
      toast.error(message('clientDetailFailure'));
      navigate('/dev-program/oauth2', { replace: true });
    }
  }, [nothingLoaded, notFound, navigate]);

  useEffect(() => {
    if (stats.isError) console.error('Failed to load client statistics', stats.error);
  }, [stats.isError, stats.error]);

  useEffect(() => {
    if (!focusStats || !client.isSuccess) return;
    const card = statsRef.current;
    if (!card) return;
    card.focus({ preventScroll: true });
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    card.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [focusStats, client.isSuccess]);

  // The list shows every client's dates and settings: it is read again after either change.
  const listKey = user ? clientListQuery(user.id).queryKey : null;
  function rotated({ updated_at, previous_secret_expires_at }: RotateResponse) {
    queryClient.setQueryData(clientOptions.queryKey, (old) =>
      old ? { ...old, updated_at, previous_secret_expires_at } : old,
    );
    void queryClient.invalidateQueries({ queryKey: statsOptions.queryKey });
    if (listKey) void queryClient.invalidateQueries({ queryKey: listKey });
  }

  function settingsSaved(saved: OAuthClient) {
    queryClient.setQueryData(clientOptions.queryKey, saved);
    if (listKey) void queryClient.invalidateQueries({ queryKey: listKey });
  }

  // Gone: back to the list, read again without it.
  function deleted() {
    queryClient.removeQueries({ queryKey: clientOptions.queryKey });
    if (listKey) void queryClient.invalidateQueries({ queryKey: listKey });
    navigate('/dev-program/oauth2', { replace: true });
  }

  let body: ReactNode;
  if (loading || (signedIn && client.isPending)) body = <DetailSkeleton />;
  else if (!signedIn) body = <SignInNotice returnTo={location.pathname} />;
  else if (notFound || !client.data) body = <NotFound />;
  else {
    body = (
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          <ClientDetailsCard
            client={client.data}
            onRotated={rotated}
            onSettingsSaved={settingsSaved}
            onDeleted={deleted}
            owner={members.data?.you === 'owner'}
          />
          <AppRegistrationNotice userId={user?.id} appId={client.data.id} appName={client.data.name} />
          <SecurityCard client={client.data} onSaved={settingsSaved} />
          <MembersCard
            appId={client.data.id}
            appName={client.data.name}
            members={members.data}
            failed={members.isError}
            onLeft={deleted}
          />
          <WebhookCard appId={client.data.id} />
        </div>
        <div className="lg:col-span-2">
          <div className="space-y-6">
            <StatsCard ref={statsRef} stats={stats.data} />
            <RecentErrorsCard errors={errors.data} failed={errors.isError} />
            {hasBackchannel ? (
              <LogoutDeliveriesCard deliveries={deliveries.data} failed={deliveries.isError} />
            ) : null}
            <WebhookDeliveriesCard appId={client.data.id} />
          </div>
        </div>
      </div>
    );
  }

  return (
    <DeveloperShell>
      <BackButton />
      {body}
    </DeveloperShell>
  );
}
export { ClientDetailPage as Component };
