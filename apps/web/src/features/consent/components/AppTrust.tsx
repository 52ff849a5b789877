import type { ConsentDetails } from '@omnia/contracts/developer';
import { BadgeCheck, FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** Who publishes the app and whether Omnia reviewed it: under the app's name on the consent card. */
export function AppTrust({ client }: { client: ConsentDetails['client'] }) {
  const { t } = useTranslation('consent');
  return (
    <div className="flex flex-col items-center gap-1.5">
      {client.verified ? (
        <Badge variant="success" data-testid="consent-verified">
          <BadgeCheck aria-hidden="true" className="size-3.5" />
          {t('trust.verified')}
        </Badge>
      ) : (
        <Badge variant="warning" className="whitespace-normal text-center" data-testid="consent-verified">
          <FlaskConical aria-hidden="true" className="size-3.5 shrink-0" />
          {t('trust.unverified')}
        </Badge>
      )}
      {client.publisher ? (
        <p className="text-xs break-words text-muted-foreground">
          {t('trust.publisher', { publisher: client.publisher })}
        </p>
      ) : null}
    </div>
  );
}
