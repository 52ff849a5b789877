export { serveClusterMetrics } from './cluster';
export type { Metrics } from './metrics';
export { createMetricsModule } from './module';
