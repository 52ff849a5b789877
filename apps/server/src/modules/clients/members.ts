import { type AppMember, MAX_APP_MEMBERS, type MembersResponse } from '@omnia/contracts/members';
import type { NotificationData } from '@omnia/contracts/notifications';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { notify } from '../notifications';
import { securityLog } from '../security';
import { createClientChangesRepo } from './changes-repo';
import { type HoldAccount, lockByClientId, lockManaged } from './lock-app';
import { chargeOffer, chargeOwner, withinNoticeBudget } from './member-limits';
import { createMembersRepo } from './members-repo';
import { createClientsRepo, toIso } from './repo';

/**
 * Accounts as members meet them: public names (the profiles module; usernames are public, so adding
 * by one reveals nothing), and a hold on an account for a transaction (the accounts module).
 */
export interface People {
  idOfUsername(db: Db, username: string): Promise<string | undefined>;
  hold: HoldAccount;
  publicNamesOf(
    db: Db,
    userIds: readonly string[],
  ): Promise<Map<string, { username: string | null; full_name: string | null }>>;
}

type Change = NotificationData['app_members_changed']['change'];

const ownerOnly = () => new AppError('forbidden', { messageKey: 'memberOwnerOnly' });
const noOffer = () => new AppError('validation_failed', { messageKey: 'transferNoOffer' });
/**
 * Who manages an app: its owner and the members the owner adds by username; the owner offers the
 * app to a member, who becomes its owner (its publisher on consent screens) only by accepting it.
 * Every change runs in
 * one transaction that locks the app's row (so two changes at once cannot pass the limit or race
 * a transfer), is recorded in the security activity of the owner and of the member concerned, and
 * leaves a notice to the owner and to the member the owner acted on.
 */
export function createClientMembers(deps: {
  db: Db;
  people: People;
  changed: (clientId: string) => void;
  /** In the transfer's transaction, once the new owner is set. */
  transferred: (trx: Db, clientId: string) => Promise<unknown>;
}) {
  const { db, people } = deps;

  // Inside a transaction every read goes through it (PGlite has one connection).
  const describe = async (
    trx: Db,
    owner: string,
    you: string,
    rows: { user_id: string; added_at: Date; offered_until: Date | null }[],
  ) => {
    const names = await people.publicNamesOf(trx, [owner, ...rows.map((r) => r.user_id)]);
    const named = (userId: string) => names.get(userId) ?? { username: null, full_name: null };
    const members: AppMember[] = [
      { user_id: owner, ...named(owner), role: 'owner', added_at: null, ownership_offered_until: null },
      ...rows.map((r) => ({
        user_id: r.user_id,
        ...named(r.user_id),
        role: 'member' as const,
        added_at: toIso(r.added_at),
        ownership_offered_until: r.offered_until ? toIso(r.offered_until) : null,
      })),
    ];
    return { you: you === owner ? 'owner' : 'member', members } satisfies MembersResponse;
  };

  /**
   * Runs `change` on the app (owner or member), its row locked; 404 for anyone else's. Locks go in
   * the order an account's deletion takes them, the account before its apps and memberships: the
   * accounts the request names (`named`) and the owner are held before the app's row is locked
   * (lock-app.ts). An account's deletion locks the account, then deletes the apps it owns, so an
   * account held only after an app's lock could deadlock with it.
   * `change` still checks each account it writes about (People.hold: false once it is gone), and
   * holds any it learns of only inside.
   */
  const onApp = <T>(
    userId: string,
    id: string,
    change: (trx: Db, app: { client_id: string; name: string; owner: string }) => Promise<T>,
    named: readonly (string | undefined)[] = [],
  ) =>
    db.transaction().execute(async (trx) => {
      for (const account of named) if (account) await people.hold(trx, account);
      const row = await lockManaged(trx, people.hold, createClientsRepo(trx), userId, id);
      if (!row) throw new AppError('not_found');
      return change(trx, { client_id: row.client_id, name: row.name, owner: row.user_id });
    });

  /** The change in the app's history (oauth2_client_changes, applied at once: nothing to review). */
  const history = (trx: Db, clientId: string, field: 'members' | 'owner', before: object, after: object) =>
    createClientChangesRepo(trx).record({
      clientId,
      fields: [field],
      before: { ...before },
      after: { ...after },
      state: 'applied',
    });
  const record = async (
    trx: Db,
    who: string[],
    kind: 'client_member_added' | 'client_member_removed' | 'client_transferred',
    detail: { app: string; member: string },
  ) => {
    for (const userId of new Set(who)) await securityLog.record(trx, { userId, kind, detail });
  };
  const tell = (trx: Db, userId: string, app: string, change: Change, who: string) =>
    notify(trx, userId, { kind: 'app_members_changed', data: { app, change, who } });
  /** A notice to the member an owner acted on, within that member's daily budget (member-limits.ts). */
  const tellMember = async (trx: Db, memberId: string, app: string, change: Change, who: string) => {
    if (await withinNoticeBudget(trx, memberId)) await tell(trx, memberId, app, change, who);
  };
  const usernameOf = async (trx: Db, userId: string) =>
    (await people.publicNamesOf(trx, [userId])).get(userId)?.username ?? '';
  /** An app changed hands (its row written): what ends with that, its history, both sides told. */
  const handedOver = async (trx: Db, app: { client_id: string; name: string }, from: string, to: string) => {
    await deps.transferred(trx, app.client_id);
    const name = await usernameOf(trx, to);
    await record(trx, [from, to], 'client_transferred', { app: app.name, member: name });
    await history(trx, app.client_id, 'owner', { owner: from }, { owner: to });
    await tell(trx, from, app.name, 'transferred', name);
    await tell(trx, to, app.name, 'transferred', name);
  };

  /**
   * A member leaves the app (or is removed): false when they were none. What they asked for that
   * still waits for review goes with them: the operator would otherwise publish, say, a redirect
   * URI of someone the app no longer has.
   */
  const leave = async (
    trx: Db,
    app: { client_id: string; name: string; owner: string },
    memberId: string,
    change: 'left' | 'removed',
  ): Promise<boolean> => {
    if (!(await createMembersRepo(trx).remove(app.client_id, memberId))) return false;
    const name = await usernameOf(trx, memberId);
    await createClientChangesRepo(trx).supersedeAskedBy(app.client_id, memberId);
    await record(trx, [app.owner, memberId], 'client_member_removed', { app: app.name, member: name });
    await history(trx, app.client_id, 'members', { member: name }, { removed: name });
    await tell(trx, app.owner, app.name, change, name);
    return true;
  };

  return {
    async list(userId: string, id: string): Promise<MembersResponse> {
      return onApp(userId, id, async (trx, app) =>
        describe(trx, app.owner, userId, await createMembersRepo(trx).list(app.client_id)),
      );
    },
    /** The owner adds an account by its username. */
    async add(userId: string, id: string, username: string): Promise<MembersResponse> {
      const memberId = await people.idOfUsername(db, username);
      return onApp(
        userId,
        id,
        async (trx, app) => {
          if (app.owner !== userId) throw ownerOnly();
          if (!memberId)
            throw new AppError('validation_failed', {
              messageKey: 'memberUnknown',
              fields: { username: 'memberUnknown' },
            });
          const members = createMembersRepo(trx);
          if (memberId === app.owner)
            throw new AppError('validation_failed', {
              messageKey: 'memberAlready',
              fields: { username: 'memberAlready' },
            });
          // Held before their row is written (onApp says why); an account gone meanwhile is unknown.
          if (!(await people.hold(trx, memberId)))
            throw new AppError('validation_failed', {
              messageKey: 'memberUnknown',
              fields: { username: 'memberUnknown' },
            });
          if ((await members.count(app.client_id)) >= MAX_APP_MEMBERS)
            throw new AppError('validation_failed', {
              messageKey: 'memberLimit',
              fields: { username: 'memberLimit' },
            });
          if (!(await members.add(app.client_id, memberId)))
            throw new AppError('validation_failed', {
              messageKey: 'memberAlready',
              fields: { username: 'memberAlready' },
            });
          // Refused past the owner's budget (the addition is undone with the count).
          await chargeOwner(trx, userId, memberId);
          const name = await usernameOf(trx, memberId);
          await record(trx, [app.owner, memberId], 'client_member_added', { app: app.name, member: name });
          await history(trx, app.client_id, 'members', {}, { added: name });
          await tell(trx, app.owner, app.name, 'added', name);
          // The member learns who gave them an app to manage, and can leave it if they did not expect it.
          await tellMember(trx, memberId, app.name, 'added_you', await usernameOf(trx, app.owner));
          return describe(trx, app.owner, userId, await members.list(app.client_id));
        },
        [memberId],
      );
    },
    /** The owner removes a member, or a member leaves. */
    async remove(userId: string, id: string, memberId: string): Promise<void> {
      await onApp(
        userId,
        id,
        async (trx, app) => {
          const leaving = memberId === userId;
          if (!leaving && app.owner !== userId) throw ownerOnly();
          // The owner stays until a member accepts the app (an app always has an owner).
          if (memberId === app.owner)
            throw leaving ? new AppError('forbidden', { messageKey: 'ownerCannotLeave' }) : ownerOnly();
          if (!(await people.hold(trx, memberId))) throw new AppError('not_found');
          if (!(await leave(trx, app, memberId, leaving ? 'left' : 'removed')))
            throw new AppError('not_found');
          if (!leaving)
            await tellMember(trx, memberId, app.name, 'removed_you', await usernameOf(trx, app.owner));
        },
        [memberId],
      );
    },
    /**
     * In an account's deletion (its account locked first): it leaves every app it is a member of,
     * as a member leaving, so what it asked for that still waits for review ends and each owner
     * hears of it. Each app is locked as lockApp does (its owner held, then its row).
     */
    async leaveAllOf(trx: Db, memberId: string): Promise<void> {
      for (const clientId of await createMembersRepo(trx).appsOf(memberId)) {
        const row = await lockByClientId(trx, people.hold, createClientsRepo(trx), clientId);
        if (row)
          await leave(trx, { client_id: clientId, name: row.name, owner: row.user_id }, memberId, 'left');
      }
    },
    /**
     * After the owner took the account back (the cancel link): whoever held the account meanwhile
     * may have handed the owner's apps to an account of theirs (added, offered, accepted). An offer
     * made since and still standing is withdrawn, as by the owner (the member is told), so it cannot
     * be accepted later. Each app handed over from the account since, and still with the account it
     * went to, comes back: that account leaves it, and both are told, as of any handover. One that
     * changed again is skipped.
     */
    async takeBackHandedOverSince(accountId: string, since: Date): Promise<void> {
      for (const { app_id } of await createMembersRepo(db).offeredSince(accountId, since))
        await this.withdrawOffer(accountId, app_id).catch((err: unknown) => {
          // Taken, withdrawn, declined or the app gone or handed over meanwhile: nothing stands.
          if (
            !(err instanceof AppError && ['not_found', 'forbidden', 'validation_failed'].includes(err.code))
          )
            throw err;
        });
      for (const { app_id, holder } of await createMembersRepo(db).handedOverSince(accountId, since)) {
        const back = await onApp(
          holder,
          app_id,
          async (trx, app) => {
            if (app.owner !== holder || !(await people.hold(trx, accountId))) return undefined;
            const members = createMembersRepo(trx);
            await members.withdraw(app.client_id);
            if (!(await members.setOwner(app.client_id, holder, accountId))) return undefined;
            // The account was a member after the handover; the one it went to leaves.
            await members.remove(app.client_id, accountId);
            await members.remove(app.client_id, holder);
            await handedOver(trx, app, holder, accountId);
            return app.client_id;
          },
          [accountId],
        ).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'not_found') return undefined;
          throw err;
        });
        if (back) deps.changed(back);
      }
    },
    /**
     * After the owner took the account back (the cancel link): whoever held the account meanwhile
     * may have added their own account to the owner's apps, so the members added since go, as the
     * owner removing them (their history, the notices). One gone meanwhile is skipped.
     */
    async removeAddedSince(ownerId: string, since: Date): Promise<void> {
      for (const { app_id, user_id } of await createMembersRepo(db).addedSince(ownerId, since))
        await this.remove(ownerId, app_id, user_id).catch((err: unknown) => {
          // Gone meanwhile, or handed over meanwhile (no longer the owner's to change): skipped.
          if (!(err instanceof AppError && (err.code === 'not_found' || err.code === 'forbidden'))) throw err;
        });
    },
    /** The owner offers the app to a member; it changes hands only when they accept. */
    async offer(userId: string, id: string, memberId: string): Promise<MembersResponse> {
      const standingBefore = await createMembersRepo(db).offeredOn(id);
      return onApp(
        userId,
        id,
        async (trx, app) => {
          if (app.owner !== userId) throw ownerOnly();
          const members = createMembersRepo(trx);
          const before = await members.list(app.client_id);
          if (!before.some((m) => m.user_id === memberId))
            throw new AppError('validation_failed', { messageKey: 'transferNotMember' });
          // Offered already: nothing changes, and nobody is told twice.
          if (before.some((m) => m.user_id === memberId && m.offered_until))
            return describe(trx, app.owner, userId, before);
          const owner = await usernameOf(trx, userId);
          if (!owner) throw new AppError('validation_failed', { messageKey: 'transferNeedsUsername' });
          const replaced = before.find((m) => m.offered_until)?.user_id;
          // Offered to someone else since it was read: not held first (onApp), so not written now.
          if (replaced && replaced !== standingBefore) throw new AppError('changed_meanwhile');
          for (const other of [memberId, replaced])
            if (other && !(await people.hold(trx, other)))
              throw new AppError('validation_failed', { messageKey: 'transferNotMember' });
          // Each offer is a notice to someone who never asked for one: a few a day per app.
          await chargeOffer(trx, app.client_id);
          await members.offer(app.client_id, memberId);
          if (replaced) await tellMember(trx, replaced, app.name, 'withdrawn', owner);
          await tellMember(trx, memberId, app.name, 'offered', owner);
          return describe(trx, app.owner, userId, await members.list(app.client_id));
        },
        [memberId, standingBefore],
      );
    },
    /** The owner withdraws the offer, or the member offered the app declines it. */
    async withdrawOffer(userId: string, id: string): Promise<void> {
      const standingBefore = await createMembersRepo(db).offeredOn(id);
      await onApp(
        userId,
        id,
        async (trx, app) => {
          const members = createMembersRepo(trx);
          const owner = app.owner === userId;
          // The member the offer stands to was held first (onApp); offered to another since: retry.
          const standing = owner
            ? (await members.list(app.client_id)).find((m) => m.offered_until)?.user_id
            : userId;
          if (standing && standing !== userId && standing !== standingBefore)
            throw new AppError('changed_meanwhile');
          if (!standing || !(await people.hold(trx, standing))) throw noOffer();
          const offeredTo = await members.withdraw(app.client_id, standing);
          if (!offeredTo) throw noOffer();
          // The other side hears of it: the owner of a decline, the member of a withdrawal.
          if (owner) await tellMember(trx, offeredTo, app.name, 'withdrawn', await usernameOf(trx, userId));
          else await tell(trx, app.owner, app.name, 'declined', await usernameOf(trx, userId));
        },
        [userId, standingBefore],
      );
    },
    /** The member offered the app takes it; the owner stays on as a member. */
    async accept(userId: string, id: string): Promise<MembersResponse> {
      const result = await onApp(
        userId,
        id,
        async (trx, app) => {
          const members = createMembersRepo(trx);
          // Held before any row pointing at them is touched (onApp says why).
          if (!(await people.hold(trx, userId))) throw new AppError('not_found');
          if (app.owner === userId || !(await members.takeOffer(app.client_id, userId))) throw noOffer();
          const from = app.owner;
          await members.remove(app.client_id, userId);
          if (!(await members.setOwner(app.client_id, from, userId))) throw new AppError('not_found');
          await members.add(app.client_id, from);
          await handedOver(trx, app, from, userId);
          return {
            clientId: app.client_id,
            response: await describe(trx, userId, userId, await members.list(app.client_id)),
          };
        },
        [userId],
      );
      // The engine reads the owner (an app in testing mode admits its owner alone).
      deps.changed(result.clientId);
      return result.response;
    },
  };
}
export type ClientMembers = ReturnType<typeof createClientMembers>;
