import { z } from 'zod';

export const SERVICE_STATUSES = ['active', 'development', 'coming-soon'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const SERVICE_STATUS_LABELS: Record<ServiceStatus, string> = {
  active: 'Active',
  development: 'Under Development',
  'coming-soon': 'Coming Soon',
};

export const serviceSchema = z.object({
  name: z.string(),
  slug: z.string(),
  icon: z.string(),
  description: z.string(),
  status: z.enum(SERVICE_STATUSES),
  url: z.string().nullable(),
});
export type Service = z.infer<typeof serviceSchema>;

export const servicesResponseSchema = z.object({ services: z.array(serviceSchema) });
export type ServicesResponse = z.infer<typeof servicesResponseSchema>;

/** SPEC: only cards not coming-soon are clickable (and claimable). */
export function isServiceClickable(status: ServiceStatus): boolean {
  return status !== 'coming-soon';
}
