import type { DeveloperApi } from '@omnia/contracts/apis';
import { Check, Plus, X } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useStepUp } from '@/components/factors/use-step-up';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { errorMessage, fieldError } from '@/lib/messages';
import { useAllowApp, useDisallowApp } from './api';

/**
 * Who may call the API: its owner's apps always; another developer's app once listed here, with
 * the scopes picked for it (a service gets no more; a person's app asks its users for no more).
 */
export function ApiAccess({ api, userId }: { api: DeveloperApi; userId: string }) {
  const { t } = useTranslation('apis');
  const { withStepUp, dialog } = useStepUp();
  const allow = useAllowApp(userId, api.id, withStepUp);
  const disallow = useDisallowApp(userId, api.id, withStepUp);
  const [clientId, setClientId] = useState('');
  const [scopes, setScopes] = useState<string[]>(() => api.scopes.map((s) => s.name));
  const [errors, setErrors] = useState<{ client_id?: string; scopes?: string }>({});

  function add(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    allow.mutate(
      { client_id: clientId.trim(), scopes },
      {
        onSuccess: () => {
          toast.success(t('access.allowed'));
          setClientId('');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'step_up_required') return;
          if (
            error instanceof ApiError &&
            error.code === 'validation_failed' &&
            Object.keys(error.fields).length
          ) {
            setErrors(error.fields);
            return;
          }
          toast.error(errorMessage(error, 'unexpectedError'));
        },
      },
    );
  }

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
                <div className="font-medium">{entry.app_name ?? t('access.deletedApp')}</div>
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
      <form noValidate className="space-y-3" onSubmit={add}>
        <Input
          label={t('access.clientId')}
          placeholder="omnia_…"
          autoComplete="off"
          className="font-mono"
          value={clientId}
          error={fieldError(errors.client_id)}
          onChange={(event) => setClientId(event.target.value)}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('access.scopes')}</legend>
          <div className="flex flex-wrap gap-2">
            {api.scopes.map((scope) => {
              const id = `access-scope-${scope.name}`;
              const checked = scopes.includes(scope.name);
              return (
                <label
                  key={scope.name}
                  htmlFor={id}
                  className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-2.5 py-1.5 text-sm"
                >
                  <Checkbox.Root
                    id={id}
                    checked={checked}
                    onCheckedChange={(next) =>
                      setScopes(
                        next === true ? [...scopes, scope.name] : scopes.filter((s) => s !== scope.name),
                      )
                    }
                    className="flex size-4 shrink-0 items-center justify-center rounded-sm border border-input bg-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground"
                  >
                    <Checkbox.Indicator>
                      <Check className="size-3" aria-hidden="true" />
                    </Checkbox.Indicator>
                  </Checkbox.Root>
                  <span className="font-mono">{scope.name}</span>
                </label>
              );
            })}
          </div>
          {errors.scopes ? (
            <p role="alert" className="text-sm text-destructive">
              {fieldError(errors.scopes)}
            </p>
          ) : null}
        </fieldset>
        <Button type="submit" variant="outline" disabled={allow.isPending}>
          <Plus />
          {t('access.allow')}
        </Button>
      </form>
      {dialog}
    </section>
  );
}
