import { mailedLink } from '../support/mail';

/** The verification link mailed to an address, as the e2e SMTP peer received it. */
export function verificationLinkFor(email: string): Promise<string> {
  return mailedLink(email, '/auth/callback');
}
