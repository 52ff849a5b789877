import { ERRORS, type ErrorCode } from '@omnia/contracts/errors';

/** The server's public error texts by code, plus the two the client writes itself. */
export default {
  ...(Object.fromEntries(Object.entries(ERRORS).map(([code, { message }]) => [code, message])) as {
    readonly [K in ErrorCode]: string;
  }),
  network: 'Network error, please check your connection',
  /** rate_limited with its wait; `when` is 'in 15 minutes' in the reader's language. */
  rateLimitedIn: 'Too many attempts. Please try again {{when}}.',
};
