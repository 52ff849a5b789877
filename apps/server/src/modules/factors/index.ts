export { createFactorsModule } from './module';
export { createFactorsService } from './service';
export { codeAt } from './totp';
