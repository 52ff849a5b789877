import { PRODUCT_NAME } from '@omnia/contracts';
import { renderEmail } from '../mail/layout';
import type { MailMessage } from '../mail/repo';

export function verificationEmail(to: string, link: string): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: `Confirm your ${PRODUCT_NAME} account`,
      heading: 'Confirm your email address',
      intro: [
        `Welcome to ${PRODUCT_NAME}! Please confirm that ${to} is your address to finish creating your account.`,
      ],
      action: { label: 'Verify my email', url: link },
      outro: [
        'This link works once and expires in 24 hours.',
        'If you did not sign up, you can ignore this email.',
      ],
    }),
  };
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function accountExistsEmail(to: string, loginUrl: string, resetUrl: string): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: `Your ${PRODUCT_NAME} account`,
      heading: 'You already have an account',
      intro: [
        `Someone (hopefully you) tried to create a ${PRODUCT_NAME} account with ${to}, but this address already has one.`,
        `If it was you, sign in instead. Forgot your password? Reset it at ${resetUrl}`,
      ],
      action: { label: 'Sign in', url: loginUrl },
      outro: ['If it was not you, you can ignore this email: your account has not been changed.'],
    }),
  };
}

export function passwordResetEmail(to: string, link: string): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: `Reset your ${PRODUCT_NAME} password`,
      heading: 'Reset your password',
      intro: [`We received a request to reset the password of the ${PRODUCT_NAME} account for ${to}.`],
      action: { label: 'Choose a new password', url: link },
      outro: [
        'This link works once and expires in 1 hour. Resetting your password signs you out everywhere.',
        'If you did not ask for this, you can ignore this email: your password stays the same.',
      ],
    }),
  };
}
