import type { ClientSecurityInput } from '@omnia/contracts/client-security';
import { type ClientResponse, DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { WithStepUp } from '@/lib/factors';
import type { Reactions } from '@/lib/mutations';

/** PUT the app's whole security profile, behind 'Confirm it's you'; the app as stored. */
export const useSaveSecurity = (
  id: string,
  withStepUp: WithStepUp,
  reactions?: Reactions<OAuthClient, ClientSecurityInput>,
) =>
  useMutation({
    ...reactions,
    mutationFn: (input: ClientSecurityInput) =>
      withStepUp(
        async () =>
          (await api<ClientResponse>(DEVELOPER_API.security(id), { method: 'PUT', body: input })).client,
      ),
  });
