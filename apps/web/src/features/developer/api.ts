import {
  type ClientListResponse,
  type ClientResponse,
  type ClientSettingsInput,
  type ClientStats,
  DEVELOPER_API,
  type LogoResponse,
  type RegisterClientInput,
  type RotateResponse,
  type SecretResponse,
} from '@omnia/contracts/developer';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const developerKeys = {
  all: ['developer'] as const,
  clients: (userId: string | null) => ['developer', 'clients', userId] as const,
  client: (id: string) => ['developer', 'client', id] as const,
  stats: (id: string) => ['developer', 'stats', id] as const,
};

export function useClients(userId: string | null) {
  return useQuery({
    queryKey: developerKeys.clients(userId),
    queryFn: async () => (await api<ClientListResponse>(DEVELOPER_API.clients)).clients,
    enabled: userId !== null,
  });
}

export function useClient(id: string, enabled: boolean) {
  return useQuery({
    queryKey: developerKeys.client(id),
    queryFn: async () => (await api<ClientResponse>(DEVELOPER_API.client(id))).client,
    enabled,
    retry: false,
  });
}

export function useClientStats(id: string, enabled: boolean) {
  return useQuery({
    queryKey: developerKeys.stats(id),
    queryFn: () => api<ClientStats>(DEVELOPER_API.stats(id)),
    enabled,
  });
}

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
