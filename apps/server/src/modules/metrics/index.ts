export type { Metrics } from './metrics';
export { createMetricsModule } from './module';
