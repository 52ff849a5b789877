import type { Config } from '../../config';
import type { ModuleParts } from '../contract';
import { createMetrics, type MetricsSources } from './metrics';
import { metricsRoutes } from './routes';

/** Prometheus metrics, served at /metrics (behind METRICS_TOKEN when it is set). */
export function createMetricsModule(deps: { config: Pick<Config, 'metricsToken'>; sources: MetricsSources }) {
  const metrics = createMetrics(deps.sources);
  const parts: ModuleParts = {
    site: [{ path: '/metrics', router: metricsRoutes(metrics, deps.config.metricsToken) }],
  };
  return { ...parts, metrics };
}
