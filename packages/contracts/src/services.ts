export const SERVICE_STATUSES = ['active', 'development', 'coming-soon'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const SERVICE_STATUS_LABELS: Record<ServiceStatus, string> = {
  active: 'Active',
  development: 'Under Development',
  'coming-soon': 'Coming Soon',
};

// The zod schemas live in services-schema.ts so screens that only need these constants (the landing
// page) do not download zod.

/** SPEC: only cards not coming-soon are clickable (and claimable). */
export function isServiceClickable(status: ServiceStatus): boolean {
  return status !== 'coming-soon';
}
