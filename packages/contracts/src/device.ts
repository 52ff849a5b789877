import { z } from 'zod';
import { codeMessage, type MessageKey, rule } from './messages';

/**
 * The device authorization grant (RFC 8628). A device shows a code and the address of the engine's
 * verification endpoint; the engine sends the browser to DEVICE_PAGE (the web app), whose form
 * posts the code back to DEVICE_VERIFICATION with the engine's one-time `xsrf`. Then the consent
 * screen shows the app and the device, and the engine ends on DEVICE_PAGE with `done=1` or an
 * error code of DEVICE_ERRORS (never a text from the query).
 */
export const DEVICE_PAGE = '/device';
export const DEVICE_VERIFICATION = '/oauth2/device';
export const DEVICE_ERRORS = {
  no_code: 'deviceCodeRequired',
  not_found: 'deviceCodeNotFound',
  expired: 'deviceCodeExpired',
  used: 'deviceCodeUsed',
  denied: 'deviceDenied',
  too_many: 'deviceTooManyTries',
} as const satisfies Record<string, MessageKey>;
export type DeviceErrorCode = keyof typeof DEVICE_ERRORS;

/** The catalogue message of a device page error code; anything unknown reads as an invalid request. */
export const deviceErrorMessage = (code: string | null | undefined): MessageKey =>
  codeMessage(DEVICE_ERRORS, code, 'invalidAuthorizationRequest');

/** The device page's form: the code as the person typed it (the engine reads dashes and case). */
export const deviceCodeSchema = z.object({
  user_code: z.string().trim().min(1, rule('deviceCodeRequired')),
});
export type DeviceCodeInput = z.infer<typeof deviceCodeSchema>;
