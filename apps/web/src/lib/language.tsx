import { DEFAULT_LANGUAGE, type Language, STORAGE_KEYS } from '@omnia/contracts/constants';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from './auth';
import { browserLanguage, isLanguage, setLanguage } from './i18n';
import { errorMessage, errorText } from './messages';
import { useMyPreferences, useSavePreferences } from './profile';
import { releaseRequestedLanguage, useHeldLanguage } from './request-language';
import { useTheme } from './theme';

/** The language chosen on this browser (the switcher, or the last signed-in preference). */
function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function remember(lng: Language) {
  try {
    localStorage.setItem(STORAGE_KEYS.language, lng);
  } catch {
    // Private mode: the language still applies for this page load.
  }
}

/** Before sign-in: the choice stored from the switcher, else the browser's language. */
export function initialLanguage(): Language {
  return storedLanguage() ?? browserLanguage();
}

/**
 * The UI language and how to change it: applied at once and remembered on this browser; when
 * someone is signed in it is also saved as their language preference.
 */
export function useLanguage() {
  const { i18n } = useTranslation();
  const { session } = useAuth();
  const preferences = useMyPreferences().data;
  const { theme } = useTheme();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const language: Language = isLanguage(current) ? current : DEFAULT_LANGUAGE;
  const userId = session?.user.id;
  const { mutateAsync: save } = useSavePreferences(userId);

  /**
   * Resolves false when the language could not be loaded or its saving failed (either said); true
   * otherwise. A language whose texts never arrived is not remembered.
   */
  const changeLanguage = useCallback(
    async (lng: Language, options: { save?: boolean } = {}): Promise<boolean> => {
      releaseRequestedLanguage();
      try {
        await setLanguage(lng);
      } catch {
        const { toast } = await import('sonner');
        toast.error(errorText('network'));
        return false;
      }
      remember(lng);
      if (options.save === false || !userId) return true;
      try {
        await save({ theme: preferences?.theme ?? theme, language: lng });
        return true;
      } catch (err) {
        // sonner is imported on demand so the landing page's first download does not carry it.
        const { toast } = await import('sonner');
        toast.error(errorMessage(err, 'unexpectedError'));
        return false;
      }
    },
    [userId, preferences?.theme, theme, save],
  );
  return { language, changeLanguage };
}

/**
 * Rendered once inside the providers: a signed-in user's stored language applies when it arrives or
 * changes, unless an authorization request holds the screen in its own language (ui_locales).
 */
export function LanguageSync() {
  const stored = useMyPreferences().data?.language;
  const held = useHeldLanguage();
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!stored || !isLanguage(stored) || applied.current === stored) return;
    // Counted as applied while held, so releasing the hold (the person picking a language) does
    // not bring the old preference back over that choice.
    applied.current = stored;
    if (held) return;
    remember(stored);
    void setLanguage(stored);
  }, [stored, held]);
  return null;
}
