import { DEFAULT_LANGUAGE, type Language } from '@omnia/contracts';
import { hashToken, randomToken } from '../../crypto/tokens';
import type { Db } from '../../db/connect';
import { enqueueMail } from '../mail';
import { createProfilesRepo } from '../profiles';
import { passwordResetEmail, verificationEmail } from './emails';
import { createAccountsRepo } from './repo';

/** What writing a link needs: where the pages are, and how long each kind of link lasts. */
export interface LinkSettings {
  publicUrl: string;
  verifyTokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
}

/**
 * Writes a verification token, bound to the asking browser's nonce (its SHA-256), and its e-mail in
 * the user's language, inside the caller's transaction. The link opens the page that asks before it
 * verifies: opening a link changes nothing (scanners open them too).
 */
export async function queueVerificationLink(
  trx: Db,
  settings: LinkSettings,
  user: { id: string; email: string },
  browserNonceHash: string,
  fallback?: Language,
): Promise<void> {
  const token = randomToken();
  await createAccountsRepo(trx).insertEmailToken({
    tokenHash: hashToken(token),
    userId: user.id,
    purpose: 'verify',
    ttlSeconds: settings.verifyTokenTtlSeconds,
    browserNonceHash,
  });
  const lang = (await createProfilesRepo(trx).languageOf(user.id)) ?? fallback ?? DEFAULT_LANGUAGE;
  const link = `${settings.publicUrl}/auth/callback?token=${encodeURIComponent(token)}`;
  await enqueueMail(trx, verificationEmail(user.email, link, lang));
}

/** Writes a password-reset token and its e-mail in the user's language, inside the caller's transaction. */
export async function queueResetLink(trx: Db, settings: LinkSettings, user: { id: string; email: string }) {
  const token = randomToken();
  await createAccountsRepo(trx).insertEmailToken({
    tokenHash: hashToken(token),
    userId: user.id,
    purpose: 'reset',
    ttlSeconds: settings.resetTokenTtlSeconds,
  });
  const lang = (await createProfilesRepo(trx).languageOf(user.id)) ?? DEFAULT_LANGUAGE;
  const link = `${settings.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  await enqueueMail(trx, passwordResetEmail(user.email, link, lang));
}
