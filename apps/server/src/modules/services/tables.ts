import type { ServiceStatus } from '@omnia/contracts';

export interface ServicesTable {
  slug: string;
  name: string;
  icon: string;
  description: string;
  status: ServiceStatus;
  url: string | null;
  sort_order: number;
}

export interface ServicesTables {
  services: ServicesTable;
}
