import type { Db } from '../../db/connect';
import { consumeQuotas, createRateLimiter, type RateRule } from '../ratelimit';

const DAY = 24 * 3600;

/*
 * What one account may create in a day. Creating is free and each creation stays (a logo's file,
 * an app's row), so without a bound one account could fill the storage by the thousand (the APIs
 * module bounds APIs the same way). Each is far above what
 * a developer trying things out needs; past it, 429 with its own message.
 */
const LOGOS: RateRule = { points: 30, windowSeconds: DAY };
const APPS: RateRule = { points: 20, windowSeconds: DAY };

/** One more logo upload by the account (before the image is read). */
export const chargeLogoUpload = (db: Db, userId: string) =>
  consumeQuotas(createRateLimiter(db), [[`logo-uploads:${userId}`, LOGOS]], 'logoUploadLimit');

/** One more app registered by the account (the console or dynamic registration). */
export const chargeAppRegistration = (db: Db, userId: string) =>
  consumeQuotas(createRateLimiter(db), [[`app-registrations:${userId}`, APPS]], 'appRegistrationLimit');
