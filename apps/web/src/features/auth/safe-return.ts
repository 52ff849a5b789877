// Any origin that cannot be ours: a path is parsed against it and must stay on it.
const BASE = 'https://omnia.invalid';

/**
 * Only same-site relative paths may be returned to after sign-in (no open redirects). The value is
 * parsed as a browser would (which drops tabs and line breaks and reads '\' as '/'), so a path that
 * a browser would turn into `//elsewhere` is refused; the parsed path is what is returned.
 */
export function safeReturnTo(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  // Dot segments can leave a path starting '//' ('/.//elsewhere'): taken as given, that names a host.
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface ReturnTarget {
  path: string;
  /** A server route (the OAuth engine): the browser loads it, the app's router cannot show it. */
  fullLoad: boolean;
}

/** The engine's paths, as the server dispatches them: /oauth2/* except the consent screen. */
const isEnginePath = (path: string) => path.startsWith('/oauth2/') && !path.startsWith('/oauth2/consent');

/** Where to go after sign-in, and whether that takes a full page load. */
export function returnTarget(value: string | null): ReturnTarget | null {
  const path = safeReturnTo(value);
  return path ? { path, fullLoad: isEnginePath(path) } : null;
}
