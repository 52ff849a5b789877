import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';
import { PUBLIC_PAGES } from './pages';

/**
 * The web app's screens written to HTML at build time (apps/web/scripts/prerender.ts), one file per
 * language, and served as they are by the server (apps/server/src/http/static-spa.ts) for a GET of
 * that exact path without a query; the browser then hydrates them. A screen belongs here when it is
 * public and the same for every visitor: what it shows depends neither on the query, nor on who
 * is signed in, nor on the browser's storage (or it shows that only after hydration).
 */
export const PRERENDERED_ROUTES: readonly string[] = [
  '/',
  '/login',
  '/signup',
  '/auth/forgot-password',
  ...PUBLIC_PAGES,
];

/** The not-found page, pre-rendered like the routes above and served with status 404. */
export const NOT_FOUND_PAGE = '404';

/**
 * The build writes this beside index.html: every route of the web app's router (its patterns, as
 * React Router writes them), so the server answers 404 for any other path.
 */
export const WEB_ROUTES_FILE = 'web-routes.json';
export interface WebRoutesManifest {
  routes: string[];
}

/** `/auth/forgot-password` in French → `prerendered/fr/auth/forgot-password.html` (under the web app's dist). */
export function prerenderedFile(route: string, language: Language): string {
  const name =
    route === NOT_FOUND_PAGE ? NOT_FOUND_PAGE : route === '/' ? 'index' : route.replace(/^\/+/, '');
  return `prerendered/${language}/${name}.html`;
}

/** '/LOGIN/' → '/login': the router matches paths regardless of case and of trailing slashes. */
export function canonicalPath(path: string): string {
  return path.replace(/\/+$/, '').toLowerCase() || '/';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A React Router pattern ('/dev-program/oauth2/clients/:id', '/files/*') as React Router matches it:
 * regardless of case, trailing slashes allowed, a `:param` one non-empty segment, `*` the rest.
 */
function routePattern(pattern: string): RegExp {
  let source = '';
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*') source += '(?:/.*)?';
    else if (segment.startsWith(':')) source += segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    else source += `/${escapeRegExp(segment)}`;
  }
  return new RegExp(`^${source}/*$`, 'i');
}

/** Whether a (decoded) path is one of the web app's routes; `routes` are the router's patterns. */
export function webRouteMatcher(routes: readonly string[]): (path: string) => boolean {
  const patterns = routes.map(routePattern);
  return (path) => patterns.some((pattern) => pattern.test(path === '' ? '/' : path));
}

/** The first of some language tags ('de-CH', 'fr') that Omnia speaks, by its base language; else English. */
export function firstSupportedLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split('-')[0];
    const found = LANGUAGES.find((language) => language === base);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The language of an Accept-Language header ('de-DE,de;q=0.9,en;q=0.8' → 'de'): the tags by
 * quality (q=0 means "not this one"), then the first Omnia speaks. The browser sends the same
 * list as `navigator.languages`, which the web app reads, so a pre-rendered page is in the
 * language the app would choose itself (unless the visitor picked another on this browser).
 */
export function negotiateLanguage(header: string | null | undefined): Language {
  const tags = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return firstSupportedLanguage(tags.map((t) => t.tag));
}
