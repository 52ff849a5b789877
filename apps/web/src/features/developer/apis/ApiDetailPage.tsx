import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { LoadFailedCard } from '@/components/ui/load-failed';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useScreenTitle } from '@/lib/document-title';
import { DeveloperShell } from '../components/DeveloperShell';
import { SignInNotice } from '../components/SignInNotice';
import { DetailSkeleton } from '../detail/DetailSkeleton';
import { ApiAccess } from './ApiAccess';
import { ApiCredentials } from './ApiCredentials';
import { apiQuery } from './api';
import { DeleteApiDialog } from './DeleteApiDialog';
import { EditApiDialog } from './EditApiDialog';

/** /dev-program/oauth2/apis/:id — an API: its identifier, scopes, credentials and who may call it. */
export function ApiDetailPage() {
  useScreenTitle('apiDetail');
  const { t } = useTranslation('apis');
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user, loading } = useAuth();
  const api = useQuery(apiQuery(user?.id, id));
  const notFound = api.error instanceof ApiError && api.error.status === 404;

  let body: ReactNode;
  if (loading || (user && api.isPending)) body = <DetailSkeleton />;
  else if (!user) body = <SignInNotice returnTo={location.pathname} />;
  else if (!notFound && !api.data) {
    // A failed read is not a missing API: it may be there, so the page offers to read it again.
    body = <LoadFailedCard onRetry={() => void api.refetch()} />;
  } else if (!api.data) {
    body = (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
          <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
          <h1 className="text-xl font-semibold">{t('detail.notFound')}</h1>
        </CardContent>
      </Card>
    );
  } else {
    const data = api.data;
    body = (
      <Card data-testid="api-details">
        <CardHeader className="space-y-1.5">
          <h1 className="text-2xl font-bold tracking-tight break-words">{data.name}</h1>
          <p className="font-mono text-sm break-all text-muted-foreground" data-testid="api-identifier">
            {data.identifier}
          </p>
          <p className="text-xs text-muted-foreground">{t('detail.identifierHint')}</p>
        </CardHeader>
        <CardContent className="space-y-6">
          <section className="space-y-2">
            <h2 className="text-sm font-medium">{t('detail.scopes')}</h2>
            <ul className="space-y-1.5">
              {data.scopes.map((scope) => (
                <li
                  key={scope.name}
                  className="flex flex-wrap gap-x-3 rounded-md bg-muted/40 px-3 py-2 text-sm"
                >
                  <span className="font-mono">{scope.name}</span>
                  <span className="text-muted-foreground">{scope.description}</span>
                </li>
              ))}
            </ul>
          </section>
          <ApiCredentials api={data} />
          <ApiAccess api={data} userId={user.id} />
        </CardContent>
        <CardFooter className="flex flex-col gap-3 border-t border-border pt-6 sm:flex-row">
          <EditApiDialog api={data} userId={user.id} />
          <DeleteApiDialog
            api={data}
            userId={user.id}
            onDeleted={() => navigate('/dev-program/oauth2?tab=apis', { replace: true })}
          />
        </CardFooter>
      </Card>
    );
  }
  return (
    <DeveloperShell>
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4">
        <Link to="/dev-program/oauth2?tab=apis">
          <ArrowLeft />
          {t('back')}
        </Link>
      </Button>
      {body}
    </DeveloperShell>
  );
}
export { ApiDetailPage as Component };
