import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export const generateWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The Omnia-Signature header of one attempt: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`,
 * one v1 for each live secret (after a rotation the new one first, the previous one until its
 * day is over), so a receiver that still knows only the old secret keeps verifying.
 */
export function signatureHeader(body: string, secrets: readonly string[], unixSeconds: number): string {
  const signed = `${unixSeconds}.${body}`;
  const v1 = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`);
  return [`t=${unixSeconds}`, ...v1].join(',');
}
