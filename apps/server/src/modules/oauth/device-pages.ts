import { DEVICE_PAGE, type DeviceErrorCode } from '@omnia/contracts/device';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { RequestHints } from './store';

/*
 * The device authorization grant's pages (RFC 8628 §3.3) are the web app's: the engine's page
 * sources send the browser to DEVICE_PAGE with what that page needs, never with text of the
 * engine's own. The page's form posts the code back to the engine with the engine session's
 * one-time `xsrf`, and always with `confirm`: the consent screen that follows shows the app, the
 * device and its code, so the engine's own confirmation page would ask the same thing twice.
 */

/** The engine's refusals of a typed code, by their error class, as the page's codes. */
const ERROR_CODES: Record<string, DeviceErrorCode> = {
  NoCodeError: 'no_code',
  NotFoundError: 'not_found',
  ExpiredError: 'expired',
  AlreadyUsedError: 'used',
  AbortedError: 'denied',
};

/** What a page address may carry as a code: the engine's charset, its mask's dash, spaces. */
const USER_CODE = /^[A-Za-z0-9 -]{1,24}$/;
export const asUserCode = (value: string | null | undefined) =>
  value && USER_CODE.test(value) ? value : undefined;

/** A normalized user code as the device shows it, in the mask's two groups: BCDF-GHJK. */
export const displayedUserCode = (code: string) =>
  code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;

const secretOf = (ctx: KoaContextWithOIDC) =>
  (ctx.oidc.session?.state as { secret?: string } | undefined)?.secret ?? '';

function toDevicePage(ctx: KoaContextWithOIDC, params: Record<string, string | undefined>) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  ctx.status = 303;
  ctx.redirect(`${DEVICE_PAGE}?${query}`);
}

export function createDevicePages(hints: () => RequestHints) {
  return {
    /** Asks for the code, or again with why the last one was refused. */
    async userCodeInputSource(
      ctx: KoaContextWithOIDC,
      _form: string,
      _out?: unknown,
      err?: Error & { userCode?: string },
    ) {
      const error = err ? (ERROR_CODES[err.name] ?? 'invalid') : undefined;
      const userCode = error === 'denied' ? undefined : asUserCode(err?.userCode ?? hints().deviceUserCode);
      toDevicePage(ctx, { xsrf: secretOf(ctx), user_code: userCode, error });
    },
    /** Only reached by a post without `confirm` (not our page's): the page, with the code typed. */
    async userCodeConfirmSource(
      ctx: KoaContextWithOIDC,
      _form: string,
      _client: unknown,
      _deviceInfo: unknown,
      userCode: string,
    ) {
      toDevicePage(ctx, { xsrf: secretOf(ctx), user_code: asUserCode(userCode) });
    },
    /** Approved: the page says to go back to the device. */
    async successSource(ctx: KoaContextWithOIDC) {
      toDevicePage(ctx, { done: '1' });
    },
  };
}
