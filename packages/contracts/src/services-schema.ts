import { z } from 'zod';
import { SERVICE_STATUSES } from './services';

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
