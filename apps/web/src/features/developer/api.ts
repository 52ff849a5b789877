import {
  type ClientErrorsResponse,
  type ClientListResponse,
  type ClientResponse,
  type ClientSettingsInput,
  type ClientStats,
  DEVELOPER_API,
  type DeleteClientInput,
  type LogoResponse,
  type LogoutDeliveriesResponse,
  type OAuthClient,
  type PreviousSecretResponse,
  type RegisterClientInput,
  type RotateResponse,
  type RotateSecretInput,
  type SecretResponse,
  type UpdateClientInput,
} from '@omnia/contracts/developer';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { WithStepUp } from '@/lib/factors';
import type { Reactions } from '@/lib/mutations';
import { clientsKey } from '@/lib/query-keys';

/** The developer's clients, newest first. */
export const clientListQuery = (userId: string) =>
  queryOptions({
    queryKey: [...clientsKey(userId), 'list'],
    queryFn: async () => (await api<ClientListResponse>(DEVELOPER_API.clients)).clients,
  });

/** One of the developer's clients; a 404 (missing, or someone else's) is final, not retried. */
export const clientQuery = (userId: string | undefined, id: string) =>
  queryOptions({
    queryKey: [...clientsKey(userId), 'client', id],
    queryFn: async () => (await api<ClientResponse>(DEVELOPER_API.client(id))).client,
    enabled: Boolean(userId) && id !== '',
    retry: false,
  });

/** The app's latest back-channel logout deliveries. */
export const logoutDeliveriesQuery = (userId: string | undefined, id: string) =>
  queryOptions({
    queryKey: [...clientsKey(userId), 'logout-deliveries', id],
    queryFn: async () => (await api<LogoutDeliveriesResponse>(DEVELOPER_API.logoutDeliveries(id))).deliveries,
    enabled: Boolean(userId) && id !== '',
  });

/** The app's latest refusals by the OAuth endpoints ('Recent errors'). */
export const clientErrorsQuery = (userId: string | undefined, id: string) =>
  queryOptions({
    queryKey: [...clientsKey(userId), 'errors', id],
    queryFn: async () => (await api<ClientErrorsResponse>(DEVELOPER_API.errors(id))).errors,
    enabled: Boolean(userId) && id !== '',
  });

export const clientStatsQuery = (userId: string | undefined, id: string) =>
  queryOptions({
    queryKey: [...clientsKey(userId), 'stats', id],
    queryFn: () => api<ClientStats>(DEVELOPER_API.stats(id)),
    enabled: Boolean(userId) && id !== '',
  });

async function uploadLogo(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await api<LogoResponse>(DEVELOPER_API.logos, { method: 'POST', body: form })).logo_url;
}

async function registerClient(input: RegisterClientInput) {
  return (await api<ClientResponse>(DEVELOPER_API.clients, { method: 'POST', body: input })).client;
}

async function fetchSecret(id: string): Promise<string> {
  return (await api<SecretResponse>(DEVELOPER_API.secret(id))).client_secret;
}

function rotateSecret(id: string, input: RotateSecretInput) {
  return api<RotateResponse>(DEVELOPER_API.rotate(id), { method: 'POST', body: input });
}

/** The previous secret's end and last use, while it still works (a rotation's grace period). */
export const previousSecretQuery = (userId: string | undefined, id: string, graceEnds: string | null) =>
  queryOptions({
    queryKey: [...clientsKey(userId), 'previous-secret', id, graceEnds],
    queryFn: () => api<PreviousSecretResponse>(DEVELOPER_API.previousSecret(id)),
    enabled: Boolean(userId) && graceEnds !== null,
    retry: false,
  });

/** 'Revoke old secret now', behind 'Confirm it's you'. */
export const useRevokePreviousSecret = (id: string, withStepUp: WithStepUp, reactions?: Reactions<void>) =>
  useMutation({
    ...reactions,
    mutationFn: () => withStepUp(() => api<void>(DEVELOPER_API.previousSecret(id), { method: 'DELETE' })),
  });

/** PATCH the owner's settings ('Require PKCE', post-logout redirect URIs); the client as stored. */
async function updateClientSettings(id: string, input: ClientSettingsInput) {
  return (await api<ClientResponse>(DEVELOPER_API.settings(id), { method: 'PATCH', body: input })).client;
}

/** PATCH the app's details as its owner edits them; the client as stored. */
async function updateClient(id: string, input: UpdateClientInput) {
  return (await api<ClientResponse>(DEVELOPER_API.client(id), { method: 'PATCH', body: input })).client;
}

/** DELETE the app, its name typed to confirm. */
async function deleteClient(id: string, input: DeleteClientInput) {
  await api<void>(DEVELOPER_API.client(id), { method: 'DELETE', body: input });
}

/** Delete app (its name typed, and a fresh sign-in when asked). */
export const useDeleteClient = (id: string, withStepUp: WithStepUp) =>
  useMutation({ mutationFn: (input: DeleteClientInput) => withStepUp(() => deleteClient(id, input)) });

/** Show or copy the client secret: asked for only then, behind 'Confirm it's you'. */
export const useFetchSecret = (id: string, withStepUp: WithStepUp, reactions?: Reactions<string>) =>
  useMutation({ ...reactions, mutationFn: () => withStepUp(() => fetchSecret(id)) });

/** Rotate: a new secret; the old one works on for the grace period chosen ('none': stops at once). */
export const useRotateSecret = (
  id: string,
  withStepUp: WithStepUp,
  reactions?: Reactions<RotateResponse, RotateSecretInput>,
) =>
  useMutation({
    ...reactions,
    mutationFn: (input: RotateSecretInput) => withStepUp(() => rotateSecret(id, input)),
  });

export const useUpdateClientSettings = (
  id: string,
  withStepUp: WithStepUp,
  reactions?: Reactions<OAuthClient, ClientSettingsInput>,
) =>
  useMutation({
    ...reactions,
    mutationFn: (input: ClientSettingsInput) => withStepUp(() => updateClientSettings(id, input)),
  });

/** The server refused the logo (its type, its content, its size): nothing was saved. */
export class LogoUploadFailed extends Error {
  constructor(readonly reason: unknown) {
    super('logo upload failed');
  }
}

/** Uploads a chosen logo first, so that its refusal stops the save before anything is written. */
function uploadChosenLogo(file: File): Promise<string> {
  return uploadLogo(file).catch((reason: unknown) => {
    throw new LogoUploadFailed(reason);
  });
}

/** A new app: its fields, and the logo chosen for it (uploaded first). */
export interface NewClient {
  input: Omit<RegisterClientInput, 'logo_url'>;
  logo: File | null;
}

/** Register an app (SPEC §2/§7): the logo first (its refusal stops everything), then the app. */
export function useCreateClient(userId: string | undefined, reactions?: Reactions<OAuthClient, NewClient>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async ({ input, logo }: NewClient) =>
      registerClient({ ...input, logo_url: logo ? await uploadChosenLogo(logo) : null }),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: clientsKey(userId) });
      return reactions?.onSuccess?.(...args);
    },
  });
}

/** An app's edited details: a newly chosen logo (uploaded first), else the logo URL it keeps. */
export interface ClientEdit {
  logo: File | null;
  keptLogoUrl: string | null;
  toInput(logoUrl: string | null): UpdateClientInput;
}

/** Save an app's details, behind a fresh sign-in when asked; the app as stored. */
export const useUpdateClient = (
  id: string,
  withStepUp: WithStepUp,
  reactions?: Reactions<OAuthClient, ClientEdit>,
) =>
  useMutation({
    ...reactions,
    mutationFn: async ({ logo, keptLogoUrl, toInput }: ClientEdit) => {
      const logoUrl = logo ? await uploadChosenLogo(logo) : keptLogoUrl;
      return withStepUp(() => updateClient(id, toInput(logoUrl)));
    },
  });
