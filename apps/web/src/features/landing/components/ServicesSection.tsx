import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ServiceCard, ServiceCardSkeleton } from '@/components/services/ServiceCard';
import { servicesQuery } from '@/lib/services';
import { SectionHeading } from './SectionHeading';

export function ServicesSection() {
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  const { data, isPending, isError } = useQuery(servicesQuery());
  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-20">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading id="services-title" title={t('services.title')} subtitle={t('services.subtitle')} />
        {isError ? (
          <p role="alert" className="mt-10 text-center text-destructive">
            {t('services.error')}
          </p>
        ) : (
          // The catalogue comes from the API: a pre-rendered page read without script says so.
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {isPending ? (
              <p className="col-span-full hidden text-center text-muted-foreground no-js:block">
                {t('services.needsJavaScript')}
              </p>
            ) : null}
            {isPending
              ? ['a', 'b', 'c', 'd', 'e'].map((k) => (
                  <div key={k} className="no-js:hidden">
                    <ServiceCardSkeleton />
                  </div>
                ))
              : data.services.map((service) => (
                  // Visitors claim services after creating their account.
                  <ServiceCard key={service.slug} service={service} onAction={() => navigate('/signup')} />
                ))}
          </div>
        )}
      </div>
    </section>
  );
}
