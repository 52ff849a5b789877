import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServiceCard, ServiceCardSkeleton } from '@/components/services/ServiceCard';
import { BreakableIn, SLOT } from '@/components/ui/breakable';
import { Button } from '@/components/ui/button';
import { useScreenTitle } from '@/lib/document-title';
import { useMyProfile } from '@/lib/profile';
import { servicesQuery } from '@/lib/services';
import { ProfileCard } from './components/ProfileCard';
import { useClaims } from './use-claims';

/** SPEC Dashboard: welcome, profile card and the services grid with the claim flow. */
export function DashboardPage() {
  useScreenTitle('dashboard');
  const profile = useMyProfile();
  const services = useQuery(servicesQuery());
  const { claimed, act } = useClaims();
  const { t } = useTranslation('dashboard');
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">
          <BreakableIn
            sentence={t('welcome', { name: SLOT })}
            value={profile.data?.full_name?.trim() || t('user')}
          />
        </h1>
        <p className="mt-1 text-muted-foreground">{t('subtitle')}</p>
      </div>
      <ProfileCard profile={profile.data} />
      <section aria-labelledby="services-heading" className="space-y-4">
        <h2 id="services-heading" className="text-xl font-semibold">
          {t('servicesHeading')}
        </h2>
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {services.data
            ? services.data.services.map((service) => (
                <ServiceCard
                  key={service.slug}
                  service={service}
                  claimed={claimed.has(service.slug)}
                  onAction={act}
                />
              ))
            : services.isError
              ? null
              : ['a', 'b', 'c'].map((k) => <ServiceCardSkeleton key={k} />)}
        </div>
        {services.isError && !services.data ? (
          <div role="alert" className="flex flex-wrap items-center gap-3">
            <p className="text-destructive">{t('servicesFailed')}</p>
            <Button variant="outline" size="sm" onClick={() => void services.refetch()}>
              {t('loadFailed.retry', { ns: 'common' })}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
export { DashboardPage as Component };
