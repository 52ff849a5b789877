import {
  API,
  type AvatarResponse,
  type Profile,
  type UsernameAvailabilityResponse,
} from '@omnia/contracts/api';
import type { IdentityInput } from '@omnia/contracts/profile';
import { useMutation } from '@tanstack/react-query';
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

/** The server refused the picture (its type, its content, its size): nothing else was saved. */
export class AvatarRefused extends Error {
  constructor(readonly reason: unknown) {
    super('avatar refused');
  }
}

/**
 * The picture first, then the identity. SPEC: a failed upload keeps the previous picture; here it
 * also stops the save, so the person reads why at the field instead of a success
 * message over a picture that never changed.
 */
async function saveIdentity({ values, avatar }: { values: IdentityInput; avatar: File | null }) {
  if (avatar) {
    const body = new FormData();
    body.set('file', avatar);
    await api<AvatarResponse>(API.me.avatar, { method: 'POST', body }).catch((reason: unknown) => {
      throw new AvatarRefused(reason);
    });
  }
  return api<Profile>(API.me.profile, { method: 'PUT', body: values });
}

/** Saves the picture, then the identity; rejects with AvatarRefused when the picture was refused. */
export const useSaveIdentity = () => useMutation({ mutationFn: saveIdentity });
