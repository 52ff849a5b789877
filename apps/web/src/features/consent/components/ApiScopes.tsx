import type { ConsentApi } from '@omnia/contracts/apis';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * A developer's API the app asks to call for the person: each scope in its developer's words
 * (Omnia cannot vouch for them, so the screen says whose they are).
 */
export function ApiScopes({ api }: { api: ConsentApi }) {
  const { t } = useTranslation('consent');
  return (
    <div className="space-y-2" data-testid="consent-api">
      <p className="text-sm font-medium">{t('api.title', { api: api.name })}</p>
      <ul className="space-y-2">
        {api.scopes.map((scope) => (
          <li key={scope.name} className="flex items-start gap-3 rounded-md bg-muted/40 px-3 py-2.5 text-sm">
            <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full bg-success/20 text-success">
              <Check aria-hidden="true" className="size-3" />
            </span>
            <span className="break-words">{scope.description}</span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">{t('api.note', { api: api.name })}</p>
    </div>
  );
}
