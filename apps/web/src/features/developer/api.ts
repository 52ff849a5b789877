import {
  type ClientListResponse,
  type ClientResponse,
  type ClientSettingsInput,
  type ClientStats,
  DEVELOPER_API,
  type DeleteClientInput,
  type LogoResponse,
  type RegisterClientInput,
  type RotateResponse,
  type SecretResponse,
  type UpdateClientInput,
} from '@omnia/contracts/developer';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
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

export const clientStatsQuery = (userId: string | undefined, id: string) =>
  queryOptions({
    queryKey: [...clientsKey(userId), 'stats', id],
    queryFn: () => api<ClientStats>(DEVELOPER_API.stats(id)),
    enabled: Boolean(userId) && id !== '',
  });

export async function uploadLogo(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await api<LogoResponse>(DEVELOPER_API.logos, { method: 'POST', body: form })).logo_url;
}

export async function registerClient(input: RegisterClientInput) {
  return (await api<ClientResponse>(DEVELOPER_API.clients, { method: 'POST', body: input })).client;
}

export async function fetchSecret(id: string): Promise<string> {
  return (await api<SecretResponse>(DEVELOPER_API.secret(id))).client_secret;
}

export function rotateSecret(id: string) {
  return api<RotateResponse>(DEVELOPER_API.rotate(id), { method: 'POST' });
}

/** PATCH the owner's settings ('Require PKCE', post-logout redirect URIs); the client as stored. */
export async function updateClientSettings(id: string, input: ClientSettingsInput) {
  return (await api<ClientResponse>(DEVELOPER_API.settings(id), { method: 'PATCH', body: input })).client;
}

/** PATCH the app's details as its owner edits them; the client as stored. */
export async function updateClient(id: string, input: UpdateClientInput) {
  return (await api<ClientResponse>(DEVELOPER_API.client(id), { method: 'PATCH', body: input })).client;
}

/** DELETE the app, its name typed to confirm. */
export async function deleteClient(id: string, input: DeleteClientInput) {
  await api<void>(DEVELOPER_API.client(id), { method: 'DELETE', body: input });
}
