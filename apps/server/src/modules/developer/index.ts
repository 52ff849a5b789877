export { createDeveloperModule } from './module';
