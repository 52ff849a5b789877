import type { Language } from '@omnia/contracts/constants';
import { useEffect, useSyncExternalStore } from 'react';
import { setLanguage } from './i18n';

/**
 * The language an authorization request asked for (OpenID Connect ui_locales, passed on to the
 * sign-in page as `lng`). The consent and sign-in screens open in it for the rest of this page load;
 * it is never stored nor saved as the person's preference, and it holds over that preference until
 * the person picks a language themselves.
 */
let requested: Language | null = null;
const listeners = new Set<() => void>();

function hold(next: Language | null) {
  if (requested === next) return;
  requested = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the screen in `lng` (when given) without remembering it. */
export function useRequestedLanguage(lng: Language | null | undefined) {
  useEffect(() => {
    if (!lng) return;
    hold(lng);
    void setLanguage(lng);
  }, [lng]);
}

/** The person chose a language: the request's no longer holds. */
export function releaseRequestedLanguage() {
  hold(null);
}

/** The language held by a request, if any (the signed-in preference waits meanwhile). */
export function useHeldLanguage(): Language | null {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => null,
  );
}
