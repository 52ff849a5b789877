import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a screen adds to a mutation that lives beside its queries (a toast, closing a dialog, a
 * form error): given to the mutation hook, run on every call after the hook's own cache update,
 * as the screen's own useMutation did (mutate's per-call options skip superseded calls).
 */
export type Reactions<TData, TVariables = void> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onSuccess' | 'onError' | 'onSettled'
>;
