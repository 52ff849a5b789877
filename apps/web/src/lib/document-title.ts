import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

let builtTitle: string | undefined;

/** The title the last build-time render named (entry-server.tsx), once; undefined when none did. */
export function takeBuiltTitle(): string | undefined {
  const title = builtTitle;
  builtTitle = undefined;
  return title;
}

/** 'Settings' → 'Settings · Omnia'; nothing (or the product's own name) → 'Omnia'. */
export function documentTitle(page?: string | null): string {
  const name = page?.replace(/\s+/g, ' ').trim();
  return name && name !== PRODUCT_NAME ? `${name} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * Each screen names itself in the browser's tab and history: call it with the screen's title in
 * the current language (`useDocumentTitle(t('settings'))`); it follows a change of language, since
 * the screen renders again with the new text.
 */
export function useDocumentTitle(page?: string | null) {
  const title = documentTitle(page);
  // The build's render (no document) has no effects: it keeps the title for the page's <title>.
  if (typeof document === 'undefined') builtTitle = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

type TitleKey = keyof typeof import('@/locales/titles.en')['default'];

/** A screen's title from the `titles` catalogue (locales/titles.<language>.ts), in the current language. */
export function useScreenTitle(key: TitleKey) {
  const { t } = useTranslation('titles');
  useDocumentTitle(t(key));
}
