import type { Db } from '../../db/connect';
import { consumeQuotas, createRateLimiter, exceeded, type RateRule } from '../ratelimit';

const DAY = 24 * 3600;

/** Offers of one app, each a notice to its member: enough to change one's mind, too few to spam. */
const OFFERS: RateRule = { points: 5, windowSeconds: DAY };
/**
 * Notices to one person about what owners did to them (added, removed, offered an app, an offer
 * withdrawn), from every app and owner together: doing it again and again would flood their bell
 * and push older notices out of its list. Past the budget the change still happens, unannounced:
 * refusing it instead would let anyone stop a person from being added anywhere for a day.
 */
const MEMBER_NOTICES: RateRule = { points: 10, windowSeconds: DAY };
/**
 * Additions an owner may make in a day, charged to the owner: each writes the person's security
 * activity, and so may the removal that follows. In all (a team's onboarding fits), and of one
 * person. Removals are never refused (they revoke access); there are never more than additions.
 */
const ADDITIONS: RateRule = { points: 60, windowSeconds: DAY };
const ADDITIONS_OF_ONE: RateRule = { points: 6, windowSeconds: DAY };

/** One more offer of the app; refused (429) past its budget. */
export const chargeOffer = (trx: Db, clientId: string) =>
  consumeQuotas(createRateLimiter(trx), [[`app-offers:${clientId}`, OFFERS]]);

/** One more addition by the owner, of `memberId`; refused (429, said as such) past either budget. */
export const chargeOwner = (trx: Db, ownerId: string, memberId: string) =>
  consumeQuotas(
    createRateLimiter(trx),
    [
      [`member-additions:${ownerId}`, ADDITIONS],
      [`member-additions:${ownerId}:${memberId}`, ADDITIONS_OF_ONE],
    ],
    'memberAdditionLimit',
  );

/** Counts one more notice to the person; whether it is still within their day's budget. */
export async function withinNoticeBudget(trx: Db, userId: string): Promise<boolean> {
  const spent = await createRateLimiter(trx).hit(`member-notices:${userId}`, MEMBER_NOTICES);
  return !exceeded(spent, MEMBER_NOTICES);
}
