import { API, type OkResponse } from '@omnia/contracts/api';
import type { ReauthenticateInput } from '@omnia/contracts/auth';
import {
  CONSENT_API,
  type ConsentDecisionInput,
  type ConsentDecisionResponse,
  type ConsentDetails,
  shownOf,
} from '@omnia/contracts/developer';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import type { Reactions } from '@/lib/mutations';
import { accountKey } from '@/lib/query-keys';

/**
 * The pending authorization as the signed-in person (or nobody) sees it. Keyed by the person, not
 * the token, so a silent token refresh does not ask again; never kept once off screen. The consent
 * endpoints answer OAuth-style errors, which ApiError carries as its description.
 */
export const consentDetailsQuery = (uid: string, userId: string | undefined) =>
  queryOptions({
    queryKey: userId ? [...accountKey(userId), 'consent', uid] : ['consent', uid],
    queryFn: () => api<ConsentDetails>(CONSENT_API.details(uid)),
    enabled: uid !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

const postConsentDecision = (uid: string, decision: ConsentDecisionInput) =>
  api<ConsentDecisionResponse>(CONSENT_API.decision(uid), { body: decision });

/** Allow (`approved`) or Deny what the screen showed (`details`). */
export interface ConsentVote {
  approved: boolean;
  details: ConsentDetails;
}

/** 'Confirm it's you': the password again (Bearer), which makes this session's sign-in fresh. */
const reauthenticate = (input: ReauthenticateInput) =>
  api<OkResponse>(API.auth.reauthenticate, { body: input });

export const useReauthenticate = () => useMutation({ mutationFn: reauthenticate });

/** Allow or Deny what `details` shows: where the browser goes next (the application's redirect). */
export const useConsentDecision = (uid: string, reactions?: Reactions<string, ConsentVote>) =>
  useMutation({
    ...reactions,
    mutationFn: async ({ approved, details }: ConsentVote) => {
      const { redirect_to } = await postConsentDecision(uid, { approved, shown: shownOf(details) });
      if (!redirect_to) throw new ApiError(500, 'internal');
      return redirect_to;
    },
  });

/**
 * 'Not you? Switch account': signs this browser out (the auth context's sign-out); the screen then
 * opens the sign-in page for the authorization it was given.
 */
export function useSwitchAccount(reactions?: Reactions<void, ConsentDetails>) {
  const { signOut } = useAuth();
  return useMutation({ ...reactions, mutationFn: (_details: ConsentDetails) => signOut() });
}
