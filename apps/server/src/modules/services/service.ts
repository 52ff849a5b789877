import type { Service } from '@omnia/contracts';
import type { ServicesRepo } from './repo';

/** The catalogue changes only by migration, so a short in-process cache saves a query per page view. */
const CACHE_MS = 30_000;

export function createServicesService(repo: ServicesRepo, now: () => number = Date.now) {
  let cached: { at: number; services: Promise<Service[]> } | undefined;
  return {
    list(): Promise<Service[]> {
      if (!cached || now() - cached.at > CACHE_MS) {
        const services = repo.listAll();
        cached = { at: now(), services };
        // A failed read must not be cached.
        services.catch(() => {
          cached = undefined;
        });
      }
      return cached.services;
    },
  };
}
export type ServicesService = ReturnType<typeof createServicesService>;
