import type { AppType } from '@omnia/contracts/constants';
import type { TFunction } from 'i18next';
import type { UriRowsTexts } from './UriRows';

/** A native app's URIs are its own scheme or a loopback address, which its hint and example say. */
const forNative = (type: AppType) => type === 'native';

/** The words of the redirect URI rows, for the kind of app. */
export const redirectUriTexts = (t: TFunction<'developer'>, type: AppType): UriRowsTexts => ({
  legend: t('register.redirectUris'),
  hint: forNative(type) ? t('register.nativeRedirectUrisHint') : t('register.redirectUrisHint'),
  placeholder: forNative(type)
    ? t('register.nativeRedirectUriPlaceholder')
    : t('register.redirectUriPlaceholder'),
  rowLabel: (n) => t('register.redirectUriLabel', { n }),
  removeLabel: (n) => t('register.removeRedirectUri', { n }),
  add: t('register.addRedirectUri'),
});

/** The words of the post-logout redirect URI rows (registration form and detail page). */
export const postLogoutUriTexts = (t: TFunction<'developer'>, type: AppType): UriRowsTexts => ({
  legend: t('settings.postLogoutUris'),
  hint: t('settings.postLogoutUrisHint'),
  placeholder: forNative(type)
    ? t('settings.nativePostLogoutUriPlaceholder')
    : t('settings.postLogoutUriPlaceholder'),
  rowLabel: (n) => t('settings.postLogoutUriLabel', { n }),
  removeLabel: (n) => t('settings.removePostLogoutUri', { n }),
  add: t('settings.addPostLogoutUri'),
});
