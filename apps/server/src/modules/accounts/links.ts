import { DEFAULT_LANGUAGE, type Language } from '@omnia/contracts';
import { hashToken, randomToken } from '../../crypto/tokens';
import type { Db } from '../../db/connect';
import { enqueueMail, type MailMessage } from '../mail';
import { createProfilesRepo } from '../profiles';
import { passwordResetEmail, verificationEmail } from './emails';
import { createAccountsRepo } from './repo';
import type { EmailTokenPurpose } from './tables';

/** What writing a link needs: where the pages are, and how long each kind of link lasts. */
export interface LinkSettings {
  publicUrl: string;
  verifyTokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
}

/** One kind of mailed link: its token's purpose and lifetime, the page it opens, and its e-mail. */
interface LinkKind {
  purpose: EmailTokenPurpose;
  ttlSeconds: number;
  page: string;
  mail: (to: string, link: string, lang: Language) => MailMessage;
}

/** Writes a token of `kind` for the user and queues its e-mail in the user's language (or `fallback`). */
async function queueLink(
  trx: Db,
  settings: LinkSettings,
  kind: LinkKind,
  user: { id: string; email: string },
  extra: { browserNonceHash?: string; fallback?: Language } = {},
): Promise<void> {
  const token = randomToken();
  await createAccountsRepo(trx).insertEmailToken({
    tokenHash: hashToken(token),
    userId: user.id,
    purpose: kind.purpose,
    ttlSeconds: kind.ttlSeconds,
    browserNonceHash: extra.browserNonceHash,
  });
  const lang = (await createProfilesRepo(trx).languageOf(user.id)) ?? extra.fallback ?? DEFAULT_LANGUAGE;
  const link = `${settings.publicUrl}${kind.page}?token=${encodeURIComponent(token)}`;
  await enqueueMail(trx, kind.mail(user.email, link, lang));
}

/**
 * Writes a verification token, bound to the asking browser's nonce (its SHA-256), and its e-mail,
 * inside the caller's transaction. The link opens the page that asks before it verifies: opening a
 * link changes nothing (scanners open them too).
 */
export const queueVerificationLink = (
  trx: Db,
  settings: LinkSettings,
  user: { id: string; email: string },
  browserNonceHash: string | null,
  fallback?: Language,
) =>
  queueLink(
    trx,
    settings,
    {
      purpose: 'verify',
      ttlSeconds: settings.verifyTokenTtlSeconds,
      page: '/auth/callback',
      mail: verificationEmail,
    },
    user,
    { browserNonceHash: browserNonceHash ?? undefined, fallback },
  );

/** Writes a password-reset token and its e-mail, inside the caller's transaction. */
export const queueResetLink = (trx: Db, settings: LinkSettings, user: { id: string; email: string }) =>
  queueLink(
    trx,
    settings,
    {
      purpose: 'reset',
      ttlSeconds: settings.resetTokenTtlSeconds,
      page: '/auth/reset-password',
      mail: passwordResetEmail,
    },
    user,
  );
