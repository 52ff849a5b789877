import { isServiceClickable } from '@omnia/contracts/services';
import type { Service } from '@omnia/contracts/services-schema';
import { ArrowRight, Check, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { serviceIcon } from './service-icons';

export interface ServiceCardProps {
  service: Service;
  claimed?: boolean;
  onAction?: (service: Service) => void;
}

const STATUS_VARIANT: Record<Service['status'], BadgeProps['variant']> = {
  active: 'success',
  development: 'warning',
  'coming-soon': 'outline',
};

/** SPEC 'Service card': only cards that are not coming-soon are clickable. */
export function ServiceCard({ service, claimed = false, onAction }: ServiceCardProps) {
  const { t } = useTranslation('common');
  const Icon = serviceIcon(service.icon);
  const clickable = isServiceClickable(service.status);
  const ActionIcon = claimed ? Check : service.url ? ExternalLink : ArrowRight;
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-brand-from/20 to-brand-to/20 text-primary ring-1 ring-primary/20">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="flex flex-wrap justify-end gap-1.5">
          {claimed ? <Badge variant="default">{t('claimed')}</Badge> : null}
          <Badge variant={STATUS_VARIANT[service.status]}>{t(`serviceStatus.${service.status}`)}</Badge>
        </div>
      </div>
      <h3 className="mt-4 text-lg font-semibold">{service.name}</h3>
      <p className="mt-1.5 flex-1 text-sm leading-relaxed text-muted-foreground">
        {t(`serviceDescriptions.${service.slug}`, { defaultValue: service.description })}
      </p>
      {clickable ? (
        <span className="mt-5 inline-flex items-center gap-1.5 text-sm font-medium text-primary">
          {claimed ? t('alreadyClaimed') : t('claimService')}
          <ActionIcon
            className="size-4 transition-transform group-hover:translate-x-0.5"
            aria-hidden="true"
          />
        </span>
      ) : null}
    </>
  );
  const base = 'group flex h-full flex-col rounded-xl border border-border bg-card p-6 text-left shadow-sm';
  if (!clickable) {
    return (
      <div className={cn(base, 'opacity-60')} data-testid={`service-${service.slug}`} aria-disabled="true">
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      data-testid={`service-${service.slug}`}
      onClick={() => onAction?.(service)}
      className={cn(
        base,
        'w-full cursor-pointer transition-all hover:-translate-y-0.5 hover:border-primary/50 hover:shadow-lg hover:shadow-primary/10 focus-visible:outline-2 focus-visible:outline-ring',
      )}
    >
      {body}
    </button>
  );
}

export function ServiceCardSkeleton() {
  return (
    <div className="flex h-full flex-col rounded-xl border border-border bg-card p-6">
      <div className="flex justify-between">
        <Skeleton className="size-12 rounded-xl" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <Skeleton className="mt-4 h-5 w-32" />
      <Skeleton className="mt-3 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-3/4" />
    </div>
  );
}
