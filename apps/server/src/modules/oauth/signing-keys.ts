import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { createSecretBox } from '../../crypto/secret-box';
import type { Db } from '../../db/connect';
import { ENGINE_SESSION_MAX_SECONDS } from './engine-session-ttl';
import { createSigningKeysRepo, type SigningKeyRow } from './signing-keys-repo';

/** When keys rotate: the operator's settings (config.ts). */
export interface KeyTiming {
  /** How long a new key is published before it signs: longer than any JWKS cache of an app. */
  activationDelaySeconds: number;
  /** A new key every this many days (0: only when the operator rotates). */
  rotationDays: number;
}

/**
 * How long a retired key stays published (to verify only): as long as an ID token it signed may
 * still be presented. The engine checks an `id_token_hint` (RP-initiated logout, `prompt=none`)
 * with its keys whatever the token's age, and a browser's engine session ends at most 14 days and
 * an interaction's hour after it began, however often it is saved (engine-session-ttl.ts); an
 * hour more for clocks that differ.
 */
export const RETIRED_KEY_KEPT_SECONDS = ENGINE_SESSION_MAX_SECONDS + 3600;

/** The keys the engine is given now: the one that signs, and every one it publishes. */
export interface SigningKeySet {
  /** The kid of the key that signs. */
  active: string;
  /** Private JWKs: the signing one first, then the next and the retired ones, for verifying only. */
  keys: JWK[];
  /** Changes whenever what is published or what signs changes. */
  fingerprint: string;
}

/** One key as the operator's listing shows it. */
export interface SigningKeyState {
  kid: string;
  state: 'next' | 'active' | 'retired';
  activates_at: string;
}

interface OpenedKey {
  jwk: JWK & { kid: string };
  activatesAt: Date;
}

/**
 * What signs and what is published at `now`: the newest key whose time has come signs; a key
 * whose time has not come is published so apps can fetch it first; an older key stays published
 * RETIRED_KEY_KEPT_SECONDS after its successor began to sign. Every instance computes the same
 * set from the same rows and clock, so none has to be told when a key starts to sign.
 */
export function keySetAt(opened: OpenedKey[], now: Date): SigningKeySet | undefined {
  const begun = opened.filter((k) => k.activatesAt <= now);
  const active = begun.at(-1);
  if (!active) return undefined;
  const retiredUntil = (k: OpenedKey) => {
    const successor = opened.find((o) => o.activatesAt > k.activatesAt);
    return successor ? successor.activatesAt.getTime() + RETIRED_KEY_KEPT_SECONDS * 1000 : Infinity;
  };
  const others = opened.filter(
    (k) => k !== active && (k.activatesAt > now || retiredUntil(k) > now.getTime()),
  );
  // key_ops 'verify': the engine signs only with a key that may sign (RFC 7517 §4.3).
  const keys: JWK[] = [active.jwk, ...others.map((k) => ({ ...k.jwk, key_ops: ['verify'] }))];
  return {
    active: active.jwk.kid,
    keys,
    fingerprint: keys.map((k) => `${k.kid}:${k.key_ops ?? 'sign'}`).join(','),
  };
}

const newKey = async (): Promise<string> => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const exported = await exportJWK(privateKey);
  return JSON.stringify({ ...exported, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') });
};

/**
 * The engine's signing keys in oidc_signing_keys, sealed with the server-keys box: read, rotated
 * by the operator (`npm run admin -- keys rotate`) or on KEY_ROTATION_DAYS, each new one published
 * before it signs.
 */
export function createSigningKeys(deps: { db: Db; secretKey: string; timing: KeyTiming }) {
  const box = createSecretBox(deps.secretKey, 'server-keys');
  const repo = createSigningKeysRepo(deps.db);
  const opened = new Map<string, OpenedKey['jwk']>();
  const open = (row: SigningKeyRow): OpenedKey => {
    let jwk = opened.get(row.jwk);
    if (!jwk) {
      jwk = JSON.parse(openSealed(row.jwk)) as OpenedKey['jwk'];
      opened.set(row.jwk, jwk);
    }
    return { jwk, activatesAt: new Date(row.activates_at) };
  };
  /** A key sealed under another SECRET_KEY does not open: said so, rather than a bare cipher error. */
  const openSealed = (sealed: string) => {
    try {
      return box.open(sealed);
    } catch (cause) {
      throw new Error(
        'a signing key cannot be opened: SECRET_KEY is not the one this deployment uses (every instance, and `npm run admin`, must share it; see docs/operations.md)',
        { cause },
      );
    }
  };
  const read = async () => (await repo.all()).map(open);
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

  return {
    /** The key set now; on a database without keys, the first one is made, signing at once. */
    async current(now = new Date()): Promise<SigningKeySet> {
      let set = keySetAt(await read(), now);
      if (set) return set;
      // Instances starting together: the advisory lock lets one make it, the others read it. Its
      // activation is that instance's clock, a moment after this one's `now`: the first key of a
      // deployment signs from the moment it exists.
      const text = await newKey();
      await repo.addIfDue(() => box.seal(text), now, 36_500);
      const keys = await read();
      set = keySetAt(keys, new Date()) ?? (keys[0] ? keySetAt(keys, keys[0].activatesAt) : undefined);
      if (!set) throw new Error('no signing key could be made');
      return set;
    },
    /**
     * Makes the next key: published at once, signing after the activation delay (or at once, for
     * a key that must stop signing now). Its kid and when it signs.
     */
    async rotate(options: { immediately?: boolean } = {}) {
      // Only with the deployment's SECRET_KEY: a key sealed under another would stop every
      // instance (none could open it), so the keys there must open first.
      await read();
      const text = await newKey();
      const activatesAt = later(options.immediately ? 0 : deps.timing.activationDelaySeconds);
      await repo.add(box.seal(text), activatesAt);
      return { kid: (JSON.parse(text) as { kid: string }).kid, activates_at: activatesAt.toISOString() };
    },
    /** A rotation on schedule (KEY_ROTATION_DAYS): made when due; true when it was. */
    async rotateIfDue(): Promise<boolean> {
      // One cheap look first: the key and its lock only when a rotation is due.
      if (deps.timing.rotationDays <= 0 || !(await repo.due(deps.timing.rotationDays))) return false;
      const text = await newKey();
      return repo.addIfDue(
        () => box.seal(text),
        later(deps.timing.activationDelaySeconds),
        deps.timing.rotationDays,
      );
    },
    /** Every stored key with its state now, for the operator. */
    async list(now = new Date()): Promise<SigningKeyState[]> {
      const keys = await read();
      const active = keySetAt(keys, now)?.active;
      return keys.map(({ jwk, activatesAt }) => ({
        kid: jwk.kid,
        state: activatesAt > now ? 'next' : jwk.kid === active ? 'active' : 'retired',
        activates_at: activatesAt.toISOString(),
      }));
    },
  };
}
