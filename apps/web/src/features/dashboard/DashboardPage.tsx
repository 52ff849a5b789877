import { API } from '@omnia/contracts/api';
import { displayNameOf } from '@omnia/contracts/names';
import type { ServicesResponse } from '@omnia/contracts/services';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ServiceCard, ServiceCardSkeleton } from '@/components/services/ServiceCard';
import { api } from '@/lib/api';
import { useMyProfile } from '@/lib/profile';
import { ProfileCard } from './components/ProfileCard';
import { useClaims } from './use-claims';

/** SPEC Dashboard: welcome, profile card and the services grid with the claim flow. */
export function DashboardPage() {
  const profile = useMyProfile();
  const services = useQuery({
    queryKey: ['services'],
    queryFn: () => api<ServicesResponse>(API.services, { auth: false }),
  });
  const { claimed, act } = useClaims();
  useEffect(() => {
    document.title = 'Dashboard | Omnia';
  }, []);
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">
          Welcome, {displayNameOf(profile.data?.full_name)}
        </h1>
        <p className="mt-1 text-muted-foreground">Manage and access all your services in one place</p>
      </div>
      <ProfileCard profile={profile.data} />
      <section aria-labelledby="services-heading" className="space-y-4">
        <h2 id="services-heading" className="text-xl font-semibold">
          Available Services
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
            : ['a', 'b', 'c'].map((k) => <ServiceCardSkeleton key={k} />)}
        </div>
        {services.isError ? (
          <p role="alert" className="text-destructive">
            Failed to load services
          </p>
        ) : null}
      </section>
    </div>
  );
}
export { DashboardPage as Component };
