import type { DeveloperApi } from '@omnia/contracts/apis';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/messages';
import { AllowAppForm } from './AllowAppForm';
import { useDisallowApp } from './api';

/**
 * Who may call the API: its owner's apps always; another developer's app once listed here, with
 * the scopes picked for it (a service gets no more; a person's app asks its users for no more).
 */
export function ApiAccess({ api, userId }: { api: DeveloperApi; userId: string }) {
  const { t } = useTranslation('apis');
  const { withStepUp, dialog } = useStepUp();
  const disallow = useDisallowApp(userId, api.id, withStepUp);

  return (
    <section className="space-y-4 rounded-lg border border-border p-4" data-testid="api-access">
      <div className="space-y-1">
        <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          {t('access.title')}
        </h2>
        <p className="text-xs text-muted-foreground">{t('access.hint')}</p>
      </div>
      {api.access.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('access.none')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border">
          {api.access.map((entry) => (
            <li key={entry.client_id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <div className="font-medium">{entry.app_name ?? t('access.unnamedApp')}</div>
                <div className="truncate font-mono text-xs text-muted-foreground">{entry.client_id}</div>
              </div>
              <div className="flex flex-wrap gap-1">
                {entry.scopes.map((scope) => (
                  <Badge key={scope} variant="outline" className="font-mono">
                    {scope}
                  </Badge>
                ))}
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('access.remove', { app: entry.app_name ?? entry.client_id })}
                disabled={disallow.isPending}
                onClick={() =>
                  disallow.mutate(entry.client_id, {
                    onSuccess: () => toast.success(t('access.removed')),
                    onError: (error) => {
                      if (error instanceof ApiError && error.code === 'step_up_required') return;
                      toast.error(errorMessage(error, 'unexpectedError'));
                    },
                  })
                }
              >
                <X />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AllowAppForm api={api} userId={userId} withStepUp={withStepUp} />
      {dialog}
    </section>
  );
}
