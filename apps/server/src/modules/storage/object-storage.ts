/** Where uploaded files live. Keys look like `avatars/{userId}/avatar.png` (bucket first). */
export interface ObjectStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | undefined>;
  /** Removes every object whose key starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
}

/** The only characters a key may hold: no `..`, no absolute paths, no backslashes. */
const KEY_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)+$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split('/').some((part) => part === '.' || part === '..');
}
