import type { ClientError } from '@omnia/contracts/developer';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';

/**
 * 'Recent errors': what the OAuth endpoints refused of the app's requests, newest first, each with
 * when, where, the protocol's error code and what to change (the server's words, which are the
 * protocol's and stay in English, as the app receives them).
 */
export function RecentErrorsCard({ errors, failed }: { errors: ClientError[] | undefined; failed: boolean }) {
  const { t } = useTranslation('activity');
  let body: ReactNode;
  if (failed) body = <p className="text-sm text-destructive">{t('recentErrors.failed')}</p>;
  else if (!errors) body = <Spinner />;
  else if (errors.length === 0)
    body = <p className="text-sm text-muted-foreground">{t('recentErrors.empty')}</p>;
  else
    body = (
      <ol className="space-y-3">
        {errors.map((e, i) => (
          // The same refusal can repeat within a second: the position keeps keys apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
          <li key={`${e.at}-${i}`} className="space-y-1 rounded-md border border-border p-3">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-xs text-muted-foreground">
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              <span>{t('recentErrors.endpoint', { endpoint: e.endpoint })}</span>
            </div>
            <code className="block font-mono text-sm font-semibold break-all">{e.error}</code>
            {e.description ? (
              <p lang="en" className="text-sm break-words">
                {e.description}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    );
  return (
    <Card data-testid="recent-errors">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight tracking-tight">
          <TriangleAlert aria-hidden="true" className="size-5 text-primary" />
          {t('recentErrors.title')}
        </h2>
        <CardDescription>{t('recentErrors.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
