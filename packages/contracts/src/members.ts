import { z } from 'zod';
import { rule } from './messages';

/** How many members an app may have besides its owner. */
export const MAX_APP_MEMBERS = 20;

const base = (id: string) => `/api/developer/clients/${encodeURIComponent(id)}`;

/**
 * Who manages an app: its owner, and members the owner adds by username. A member sees
 * and manages the app as the owner does; only the owner deletes it, transfers it and changes its
 * members. Bearer; anyone else's app answers 404.
 */
export const MEMBERS_API = {
  /** GET → MembersResponse; POST addMemberSchema (owner, step-up) → 201 MembersResponse. */
  members: (id: string) => `${base(id)}/members`,
  /** DELETE (the owner for anyone, a member for themselves: 'Leave app'; step-up) → 204. */
  member: (id: string, userId: string) => `${base(id)}/members/${encodeURIComponent(userId)}`,
  /** POST transferSchema (owner, step-up) → MembersResponse: the member owns it, the owner becomes a member. */
  transfer: (id: string) => `${base(id)}/transfer`,
} as const;

export const addMemberSchema = z.object({
  username: z
    .string(rule('memberUsernameRequired'))
    .trim()
    .transform((v) => v.replace(/^@/, ''))
    .pipe(z.string().min(1, rule('memberUsernameRequired')).max(100, rule('memberUnknown'))),
});
export type AddMemberInput = z.input<typeof addMemberSchema>;

export const transferSchema = z.object({ user_id: z.uuid() });
export type TransferInput = z.input<typeof transferSchema>;

export type AppRole = 'owner' | 'member';

export interface AppMember {
  user_id: string;
  username: string | null;
  full_name: string | null;
  role: AppRole;
  /** When a member was added; null for the owner. */
  added_at: string | null;
}

export interface MembersResponse {
  /** The caller's role: the page offers the owner's actions only to the owner. */
  you: AppRole;
  /** The owner first, then the members, oldest first. */
  members: AppMember[];
}
