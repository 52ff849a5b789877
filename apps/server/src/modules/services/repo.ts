import type { Service } from '@omnia/contracts';
import type { Db } from '../../db/connect';

export function createServicesRepo(db: Db) {
  return {
    listAll(): Promise<Service[]> {
      return db
        .selectFrom('services')
        .select(['name', 'slug', 'icon', 'description', 'status', 'url'])
        .orderBy('sort_order')
        .execute();
    },
    findBySlug(slug: string): Promise<Service | undefined> {
      return db
        .selectFrom('services')
        .select(['name', 'slug', 'icon', 'description', 'status', 'url'])
        .where('slug', '=', slug)
        .executeTakeFirst();
    },
  };
}
export type ServicesRepo = ReturnType<typeof createServicesRepo>;
