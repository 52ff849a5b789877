import {
  API,
  type AvatarResponse,
  type Profile,
  type UsernameAvailabilityResponse,
} from '@omnia/contracts/api';
import type { IdentityInput } from '@omnia/contracts/profile';
import { api } from '@/lib/api';

export async function usernameIsFree(username: string): Promise<boolean> {
  try {
    const q = new URLSearchParams({ username });
    return (await api<UsernameAvailabilityResponse>(`${API.usernameAvailable}?${q}`)).available;
  } catch {
    // SPEC: a failed lookup counts as taken.
    return false;
  }
}

/** The picture first, then the identity. */
export async function saveIdentity({ values, avatar }: { values: IdentityInput; avatar: File | null }) {
  if (avatar) {
    try {
      const body = new FormData();
      body.set('file', avatar);
      await api<AvatarResponse>(API.me.avatar, { method: 'POST', body });
    } catch {
      // SPEC: a failed avatar upload is ignored and the previous picture kept.
    }
  }
  return api<Profile>(API.me.profile, { method: 'PUT', body: values });
}
