import { API } from '@omnia/contracts/api';
import type { ServicesResponse } from '@omnia/contracts/services-schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** The service catalogue (public): the landing page's section and the dashboard's grid. */
export const servicesQuery = () =>
  queryOptions({
    queryKey: ['services'],
    queryFn: () => api<ServicesResponse>(API.services, { auth: false }),
  });
