/**
 * Every query of a signed-in person's data has its key under `accountKey(userId)`, so one
 * removal drops all of it when they sign out (or another account signs in from another tab).
 * Data that is nobody's (services, the interest catalogue) lives outside this root.
 */
export const ACCOUNT_ROOT = ['account'] as const;

export const accountKey = (userId: string | undefined) => [...ACCOUNT_ROOT, userId ?? null] as const;

/**
 * The person's OAuth clients: the developer feature lists and changes them, Settings shows the
 * newest one; a registration refreshes everything under this key.
 */
export const clientsKey = (userId: string | undefined) => [...accountKey(userId), 'clients'] as const;
