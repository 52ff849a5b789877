import type { PendingClientChange } from '@omnia/contracts/developer';
import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const LINKS = [
  ['homepage_url', 'review.homepage'],
  ['privacy_url', 'review.privacy'],
  ['terms_url', 'review.terms'],
] as const;

/**
 * What of an approved app waits for Omnia's review: the new name, description, logo or URIs it asked for. The
 * app keeps working with its reviewed values meanwhile (docs/integrators.md).
 */
export function PendingChangeNotice({
  change,
  current,
}: {
  change: PendingClientChange;
  /** The URIs the app uses now: only the new ones are listed. */
  current: readonly string[];
}) {
  const { t } = useTranslation('developer');
  const uris = [...(change.redirect_uris ?? []), ...(change.post_logout_redirect_uris ?? [])].filter(
    (uri) => !current.includes(uri),
  );
  return (
    <section
      role="status"
      data-testid="pending-change"
      className="space-y-2 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm"
    >
      <h2 className="flex items-center gap-2 font-semibold">
        <Hourglass className="size-4" aria-hidden="true" />
        {t('review.title')}
      </h2>
      <p className="text-muted-foreground">{t('review.body')}</p>
      <ul className="list-disc space-y-1 ps-5">
        {change.name !== undefined ? <li>{t('review.name', { name: change.name })}</li> : null}
        {change.description ? (
          <li className="break-words">{t('review.description', { description: change.description })}</li>
        ) : null}
        {change.logo_url !== undefined ? <li>{t('review.logo')}</li> : null}
        {LINKS.filter(([field]) => field in change).map(([field, label]) => (
          <li key={field} className="break-all">
            {change[field] ? t(label, { url: change[field] }) : t(`${label}Removed`)}
          </li>
        ))}
        {uris.length ? (
          <li>
            {t('review.uris')}
            <ul className="mt-1 space-y-1">
              {uris.map((uri) => (
                <li key={uri} className="font-mono text-xs break-all">
                  {uri}
                </li>
              ))}
            </ul>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
