import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { isValidKey, type ObjectStorage } from './object-storage';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** Files under `root` (DATA_DIR/storage by default); writes go through a temp file and rename. */
export function createLocalDiskStorage(root: string): ObjectStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, path);
    },
    async get(key) {
      if (!isValidKey(key)) return undefined;
      try {
        return { bytes: await readFile(pathOf(key)), contentType: contentTypeOf(key) };
      } catch (err) {
        if (
          (err as NodeJS.ErrnoException).code === 'ENOENT' ||
          (err as NodeJS.ErrnoException).code === 'EISDIR'
        )
          return undefined;
        throw err;
      }
    },
    async deletePrefix(prefix) {
      const dir = dirname(pathOf(`${prefix}x`));
      const namePrefix = prefix.slice(prefix.lastIndexOf('/') + 1);
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return;
      }
      await Promise.all(
        names.filter((n) => n.startsWith(namePrefix)).map((n) => rm(join(dir, n), { force: true })),
      );
    },
  };
}
