import { identityEn } from '@/components/profile/identity-en';
import { authEn } from '@/features/auth/locales/en';
import { onboardingEn } from '@/features/auth/locales/onboarding-en';
import { en as consentEn } from '@/features/consent/locales/en';
import { dashboardEn } from '@/features/dashboard/locales/en';
import { en as developerEn } from '@/features/developer/locales/en';
import { landingEn } from '@/features/landing/locales/en';
import { settingsEn } from '@/features/settings/locales/en';
import { errorsEn, messagesEn } from '@/lib/messages';
import { common } from '@/locales/en/common';

/**
 * Every English namespace, by the name it is registered under. The translation test checks
 * each one against its `<namespace>.<language>.ts` files; add a line here with a new namespace.
 */
export const englishCatalogue: Record<string, Record<string, unknown>> = {
  common,
  auth: authEn,
  onboarding: onboardingEn,
  identity: identityEn,
  consent: consentEn,
  developer: developerEn,
  dashboard: dashboardEn,
  settings: settingsEn,
  landing: landingEn,
  messages: messagesEn,
  errors: errorsEn,
};
