export { createFactorsModule } from './module';
export { FACTORS_PURGE_STEPS } from './purge';
export { createFactorsService } from './service';
export { codeAt } from './totp';
