import { loginSchema } from '@omnia/contracts/auth';
import type { Language } from '@omnia/contracts/constants';
import { isLanguage } from '@/lib/i18n';
import { type ReturnTarget, returnTarget } from './safe-return';

export interface LoginParams {
  /** Where to go after sign-in ('/dashboard' unless a safe returnTo says otherwise). */
  target: ReturnTarget;
  /** The e-mail field's start value: an application's login_hint when it is an e-mail address. */
  email: string;
  /** The language the authorization request asked for (ui_locales, passed on as lng). */
  lng: Language | undefined;
}

const DASHBOARD: ReturnTarget = { path: '/dashboard', fullLoad: false };

/** Reads /login's query: returnTo (or next), login_hint and lng. Anything unusable is ignored. */
export function readLoginParams(params: URLSearchParams): LoginParams {
  const hint = loginSchema.shape.email.safeParse(params.get('login_hint') ?? '');
  const lng = params.get('lng');
  return {
    target: returnTarget(params.get('returnTo') ?? params.get('next')) ?? DASHBOARD,
    email: hint.success ? hint.data : '',
    lng: isLanguage(lng) ? lng : undefined,
  };
}
