import type { Db } from '../../db/connect';
import { createRateLimiter, exhausted, type RateRule, rateLimited, spendOnSuccess } from '../ratelimit';

const DAY = 24 * 3600;

/*
 * What one account may create in a day. Creating is free and each creation stays (a logo's file,
 * an app's row), so without a bound one account could fill the storage by the thousand (the APIs
 * module bounds APIs the same way). Each is far above what a developer trying things out needs;
 * past it, 429 with its own message. Only what was created counts: a refused attempt gives its
 * unit back.
 */
const LOGOS: RateRule = { points: 30, windowSeconds: DAY };
const APPS: RateRule = { points: 20, windowSeconds: DAY };

const logosKey = (userId: string) => `logo-uploads:${userId}`;

/** `upload` (reading and storing a logo) as one of the account's logos of the day. */
export const onLogoBudget = <T>(db: Db, userId: string, upload: () => Promise<T>) =>
  spendOnSuccess(createRateLimiter(db), [logosKey(userId), LOGOS], 'logoUploadLimit', upload);

/** Refuses an account whose logos of the day are all made, before its upload is read. */
export async function assertLogoBudgetLeft(db: Db, userId: string): Promise<void> {
  const state = await createRateLimiter(db).peek(logosKey(userId));
  if (exhausted(state, LOGOS)) throw rateLimited(state.resetInSeconds, 'logoUploadLimit');
}

/** `register` (the console or dynamic registration, to its end) as one of the account's apps of the day. */
export const onAppBudget = <T>(db: Db, userId: string, register: () => Promise<T>) =>
  spendOnSuccess(
    createRateLimiter(db),
    [`app-registrations:${userId}`, APPS],
    'appRegistrationLimit',
    register,
  );
