import type { TFunction } from 'i18next';
import type { UriRowsTexts } from './UriRows';

/** The words of the redirect URI rows. */
export const redirectUriTexts = (t: TFunction<'developer'>): UriRowsTexts => ({
  legend: t('register.redirectUris'),
  hint: t('register.redirectUrisHint'),
  placeholder: t('register.redirectUriPlaceholder'),
  rowLabel: (n) => t('register.redirectUriLabel', { n }),
  removeLabel: (n) => t('register.removeRedirectUri', { n }),
  add: t('register.addRedirectUri'),
});

/** The words of the post-logout redirect URI rows (registration form and detail page). */
export const postLogoutUriTexts = (t: TFunction<'developer'>): UriRowsTexts => ({
  legend: t('settings.postLogoutUris'),
  hint: t('settings.postLogoutUrisHint'),
  placeholder: t('settings.postLogoutUriPlaceholder'),
  rowLabel: (n) => t('settings.postLogoutUriLabel', { n }),
  removeLabel: (n) => t('settings.removePostLogoutUri', { n }),
  add: t('settings.addPostLogoutUri'),
});
