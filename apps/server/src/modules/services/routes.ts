import type { ServicesResponse } from '@omnia/contracts';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { ServicesService } from './service';

export function servicesRoutes(services: ServicesService) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const body: ServicesResponse = { services: await services.list() };
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(body);
  });
}
