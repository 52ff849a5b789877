/** A stored file, opened for reading: its body streams (from disk or from the bucket). */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** Bytes, when the store knows it. */
  size: number | undefined;
}

/** Where uploaded files live. Keys look like `avatars/{userId}/avatar.png` (bucket first). */
export interface ObjectStorage {
  /** `local-disk` (DATA_DIR/storage) or `s3` (S3_* variables set). */
  readonly kind: 'local-disk' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Opens an object for reading; the caller must consume or cancel the body. */
  get(key: string): Promise<StoredObject | undefined>;
  has(key: string): Promise<boolean>;
  /** Removes every object whose key starts with `prefix`, but those in `keep`. */
  deletePrefix(prefix: string, keep?: ReadonlySet<string>): Promise<void>;
  /** Releases connections (the S3 client); the local disk has nothing to release. */
  close(): void;
}

/** The only characters a key may hold: no `..`, no absolute paths, no backslashes. */
const KEY_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)+$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split('/').some((part) => part === '.' || part === '..');
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/**
 * The type a file is served with, from its key's extension (we wrote both after checking the bytes);
 * never what the bucket says, so a tampered object cannot be served as HTML.
 */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
