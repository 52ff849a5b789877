import {
  type AddMemberInput,
  MEMBERS_API,
  type MembersResponse,
  type TransferInput,
} from '@omnia/contracts/members';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { WithStepUp } from '@/lib/factors';
import { clientsKey } from '@/lib/query-keys';

/** Who manages the app, and the caller's role in it. */
export const membersQuery = (userId: string | undefined, id: string) =>
  queryOptions({
    queryKey: [...clientsKey(userId), 'members', id],
    queryFn: () => api<MembersResponse>(MEMBERS_API.members(id)),
    enabled: Boolean(userId) && id !== '',
    retry: false,
  });

/** The members as the server answered a change: the page shows them at once. */
function useMembersChange<TInput>(
  userId: string | undefined,
  id: string,
  call: (input: TInput) => Promise<MembersResponse | undefined>,
) {
  const queryClient = useQueryClient();
  const key = membersQuery(userId, id).queryKey;
  return useMutation({
    mutationFn: call,
    onSuccess: (members) => {
      if (members) queryClient.setQueryData(key, members);
      else void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** The owner adds an account by its username (behind 'Confirm it's you'). */
export const useAddMember = (userId: string | undefined, id: string, withStepUp: WithStepUp) =>
  useMembersChange(userId, id, (input: AddMemberInput) =>
    withStepUp(() => api<MembersResponse>(MEMBERS_API.members(id), { method: 'POST', body: input })),
  );

/** The owner removes a member, or a member leaves (their own id). */
export const useRemoveMember = (userId: string | undefined, id: string, withStepUp: WithStepUp) =>
  useMembersChange(userId, id, (memberId: string) =>
    withStepUp(() => api<undefined>(MEMBERS_API.member(id, memberId), { method: 'DELETE' })),
  );

/** The owner offers the app to a member (it changes hands when they accept). */
export const useOfferApp = (userId: string | undefined, id: string, withStepUp: WithStepUp) =>
  useMembersChange(userId, id, (input: TransferInput) =>
    withStepUp(() => api<MembersResponse>(MEMBERS_API.transfer(id), { method: 'POST', body: input })),
  );

/** The owner withdraws the offer, or the member offered the app declines it. */
export const useWithdrawOffer = (userId: string | undefined, id: string) =>
  useMembersChange(userId, id, () => api<undefined>(MEMBERS_API.transfer(id), { method: 'DELETE' }));

/** The member offered the app takes it: every view of the app changes (owner's actions). */
export function useAcceptApp(userId: string | undefined, id: string, withStepUp: WithStepUp) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      withStepUp(() => api<MembersResponse>(MEMBERS_API.acceptTransfer(id), { method: 'POST' })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsKey(userId) }),
  });
}
