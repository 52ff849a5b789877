import { z } from 'zod';
import { rule } from './messages';

/** How many members an app may have besides its owner. */
export const MAX_APP_MEMBERS = 20;
/** How long an owner's offer of the app waits for the member to accept it. */
export const OWNERSHIP_OFFER_DAYS = 7;

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
  /**
   * POST transferSchema (owner, step-up) → MembersResponse: the app is offered to that member (one
   * offer at a time, for OWNERSHIP_OFFER_DAYS). DELETE (the owner withdraws it, or the member
   * declines it) → 204.
   */
  transfer: (id: string) => `${base(id)}/transfer`,
  /** POST (the member offered it, step-up) → MembersResponse: they own it, the owner becomes a member. */
  acceptTransfer: (id: string) => `${base(id)}/transfer/accept`,
} as const;

export const addMemberSchema = z.object({
  username: z
    .string(rule('memberUsernameRequired'))
    .trim()
    .transform((v) => v.replace(/^@/, ''))
    .pipe(z.string().min(1, rule('memberUsernameRequired')).max(100, rule('memberUnknown'))),
});
export type AddMemberInput = z.input<typeof addMemberSchema>;

/** An app is handed over only to a member who accepts it: nobody is made a publisher unasked. */
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
  /** Until when the owner's offer of the app to this member stands; null when none does. */
  ownership_offered_until: string | null;
}

export interface MembersResponse {
  /** The caller's role: the page offers the owner's actions only to the owner. */
  you: AppRole;
  /** The owner first, then the members, oldest first. */
  members: AppMember[];
}
