import { PRODUCT_NAME } from '@omnia/contracts';
import type { Passkey } from '@omnia/contracts/factors';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { createProfilesRepo } from '../profiles';
import { createPasskeysRepo } from './passkeys-repo';

const CHALLENGE_TTL_SECONDS = 5 * 60;
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromB64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** RFC 8176: a key kept on one device is 'hwk', one synced across devices 'swk'. */
const passkeyAmr = (backedUp: boolean) => (backedUp ? 'swk' : 'hwk');

/**
 * Passkeys (WebAuthn, by @simplewebauthn/server): the relying party is PUBLIC_URL (its host is the RP
 * ID, its origin the only origin accepted); discoverable credentials with user verification, so a
 * passkey alone is two factors (something you have, unlocked by something you are or know).
 * Challenges are single use and short-lived; a counter that does not move forward is refused.
 */
export function createPasskeys(deps: {
  db: Db;
  publicUrl: string;
  /** A passkey was added or removed, from `ip`: the owner is told (in the change's transaction). */
  notify: (
    trx: Db,
    userId: string,
    kind: 'second_factor_added' | 'second_factor_removed',
    ip: string | null,
  ) => Promise<void>;
  /** Holds the account against a password reset and tells whether the session is live (accounts). */
  holdForNewCredential: (trx: Db, userId: string, sessionId: string) => Promise<boolean>;
  onMailQueued: () => void;
}) {
  const { db } = deps;
  const origin = new URL(deps.publicUrl).origin;
  const rpID = new URL(deps.publicUrl).hostname;
  const repo = () => createPasskeysRepo(db);
  const toPasskey = (row: {
    id: string;
    name: string;
    created_at: Date;
    last_used_at: Date | null;
  }): Passkey => ({
    id: row.id,
    name: row.name,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  });

  return {
    list: async (userId: string) => (await repo().listOf(userId)).map(toPasskey),

    /** Options for the browser's 'create a passkey' dialog; the challenge is kept for five minutes. */
    async registrationOptions(user: { id: string; email: string }) {
      const existing = await repo().listOf(user.id);
      // The name the person's device shows beside the passkey: theirs, else the address.
      const displayName = (await createProfilesRepo(db).fullNameOf(user.id)) ?? user.email;
      const options = await generateRegistrationOptions({
        rpName: PRODUCT_NAME,
        rpID,
        userName: user.email,
        userDisplayName: displayName,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.id })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await repo().putChallenge(options.challenge, 'register', user.id, CHALLENGE_TTL_SECONDS);
      return options;
    },

    /** Verifies the browser's new credential against this account's challenge and keeps it. */
    async register(
      user: { id: string; ip: string | null; sessionId: string },
      response: unknown,
      name: string | undefined,
    ): Promise<Passkey> {
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          expectedChallenge: (challenge) => repo().consumeChallenge(challenge, 'register', user.id),
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
      } catch {
        throw new AppError('passkey_invalid');
      }
      if (!verified.verified) throw new AppError('passkey_invalid');
      const info = verified.registrationInfo;
      const label = name?.trim() || (info.credentialBackedUp ? 'Passkey' : 'Security key');
      const stored = await db.transaction().execute(async (trx) => {
        // A password reset meanwhile ends the session that asked: then nothing is added.
        if (!(await deps.holdForNewCredential(trx, user.id, user.sessionId)))
          throw new AppError('session_expired');
        const inserted = await createPasskeysRepo(trx).insert({
          id: info.credential.id,
          userId: user.id,
          publicKey: b64url(info.credential.publicKey),
          counter: info.credential.counter,
          transports: info.credential.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          name: label.slice(0, 60),
        });
        if (inserted) await deps.notify(trx, user.id, 'second_factor_added', user.ip);
        return inserted;
      });
      if (!stored) throw new AppError('passkey_invalid');
      deps.onMailQueued();
      const row = await repo().find(info.credential.id);
      if (!row) throw new AppError('passkey_invalid');
      return toPasskey(row);
    },

    async rename(userId: string, id: string, name: string): Promise<Passkey> {
      if (!(await repo().rename(userId, id, name))) throw new AppError('not_found');
      const row = await repo().find(id);
      if (!row) throw new AppError('not_found');
      return toPasskey(row);
    },

    async remove(user: { id: string; ip: string | null }, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await createPasskeysRepo(trx).remove(user.id, id))) throw new AppError('not_found');
        await deps.notify(trx, user.id, 'second_factor_removed', user.ip);
      });
      deps.onMailQueued();
    },

    /** In the transaction that opens a passkey sign-in's session: the passkey is still the account's. */
    holdForSignIn: (trx: Db, id: string, userId: string) => createPasskeysRepo(trx).hold(id, userId),

    hasAny: async (userId: string) => (await repo().listOf(userId)).length > 0,

    /** Options for confirming with one of this account's passkeys (second step, 'Confirm it's you'). */
    async accountOptions(userId: string) {
      const own = await repo().listOf(userId);
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        allowCredentials: own.map((p) => ({ id: p.id })),
      });
      await repo().putChallenge(options.challenge, 'confirm', userId, CHALLENGE_TTL_SECONDS);
      return options;
    },

    /** Checks an assertion by one of this account's passkeys, for its own challenge; the amr, or null. */
    async verifyForAccount(userId: string, response: unknown): Promise<string | null> {
      const assertion = response as AuthenticationResponseJSON;
      const row = typeof assertion?.id === 'string' ? await repo().find(assertion.id) : undefined;
      if (!row || row.user_id !== userId) return null;
      try {
        const result = await verifyAuthenticationResponse({
          response: assertion,
          expectedChallenge: (challenge) => repo().consumeChallenge(challenge, 'confirm', userId),
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: row.id,
            publicKey: fromB64url(row.public_key),
            counter: Number(row.counter),
            transports: row.transports as never,
          },
          requireUserVerification: true,
        });
        if (!result.verified || !(await repo().recordUse(row.id, result.authenticationInfo.newCounter)))
          return null;
        return passkeyAmr(row.backed_up);
      } catch {
        return null;
      }
    },

    /** Options for a sign-in with any passkey of this site (discoverable; no e-mail asked). */
    async signInOptions() {
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
      await repo().putChallenge(options.challenge, 'sign-in', null, CHALLENGE_TTL_SECONDS);
      return options;
    },

    /**
     * Checks a sign-in assertion: the passkey it names, this site's single-use challenge, the
     * signature and user verification, and a counter that moved forward. The account and the
     * amr of the sign-in, or passkey_invalid.
     */
    async verifySignIn(response: unknown): Promise<{ userId: string; amr: string; passkeyId: string }> {
      const assertion = response as AuthenticationResponseJSON;
      const row = typeof assertion?.id === 'string' ? await repo().find(assertion.id) : undefined;
      if (!row) throw new AppError('passkey_invalid');
      let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
      try {
        result = await verifyAuthenticationResponse({
          response: assertion,
          expectedChallenge: (challenge) => repo().consumeChallenge(challenge, 'sign-in', null),
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: row.id,
            publicKey: fromB64url(row.public_key),
            counter: Number(row.counter),
            transports: row.transports as never,
          },
          requireUserVerification: true,
        });
      } catch {
        throw new AppError('passkey_invalid');
      }
      if (!result.verified) throw new AppError('passkey_invalid');
      if (!(await repo().recordUse(row.id, result.authenticationInfo.newCounter)))
        throw new AppError('passkey_invalid');
      return { userId: row.user_id, amr: passkeyAmr(row.backed_up), passkeyId: row.id };
    },
  };
}
