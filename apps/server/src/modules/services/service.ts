import type { Service } from '@omnia/contracts';
import type { ServicesRepo } from './repo';

export function createServicesService(repo: ServicesRepo) {
  return {
    list(): Promise<Service[]> {
      return repo.listAll();
    },
  };
}
export type ServicesService = ReturnType<typeof createServicesService>;
