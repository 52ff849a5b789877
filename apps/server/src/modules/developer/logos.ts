/** Client logos live at oauth2-logos/{userId}/{timestamp}-{safe name}.{ext} (SPEC §3) in public storage. */
const LOGO_BUCKET = 'oauth2-logos';
export const STORAGE_URL_PREFIX = '/storage/';

const MAX_BASE_LENGTH = 64;
const LOGO_FILE = /^\d+-[a-z0-9]+(?:-[a-z0-9]+)*\.(?:png|jpg|webp|gif)$/;

/** The uploaded name reduced to lowercase [a-z0-9-], without its extension (the content decides that). */
function safeBaseName(name: string): string {
  const base = name
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/^-+|-+$/g, '');
  return base || 'logo';
}

export function logoKey(userId: string, timestamp: number, name: string, ext: string): string {
  return `${LOGO_BUCKET}/${userId}/${timestamp}-${safeBaseName(name)}.${ext}`;
}

const LOGO_URL = new RegExp(
  `^${STORAGE_URL_PREFIX}(${LOGO_BUCKET}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[^/]+)$`,
);

/**
 * The storage key behind a logo URL we handed to anyone, or undefined for any other URL: an app
 * handed over shows its logo from its first owner's folder.
 */
export function logoKeyOf(url: string): string | undefined {
  const key = LOGO_URL.exec(url)?.[1];
  return key && LOGO_FILE.test(key.slice(key.lastIndexOf('/') + 1)) ? key : undefined;
}

/** The folder of a user's logos, as their URLs start. */
export const logoFolderUrl = (userId: string) => `${STORAGE_URL_PREFIX}${LOGO_BUCKET}/${userId}/`;

/** The storage key behind a logo URL we handed to this user, or undefined for any other URL. */
export function ownLogoKey(userId: string, url: string): string | undefined {
  const prefix = `${STORAGE_URL_PREFIX}${LOGO_BUCKET}/${userId}/`;
  if (!url.startsWith(prefix)) return undefined;
  const file = url.slice(prefix.length);
  return LOGO_FILE.test(file) ? url.slice(STORAGE_URL_PREFIX.length) : undefined;
}
