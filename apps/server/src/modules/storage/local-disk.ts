import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { contentTypeOf, isValidKey, type ObjectStorage } from './object-storage';

/** Files under `root` (DATA_DIR/storage by default); writes go through a temp file and rename. */
export function createLocalDiskStorage(root: string): ObjectStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  };
  const fileSize = async (key: string): Promise<number | undefined> => {
    if (!isValidKey(key)) return undefined;
    try {
      const info = await stat(pathOf(key));
      return info.isFile() ? info.size : undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  };
  return {
    kind: 'local-disk',
    async put(key, bytes) {
      const path = pathOf(key);
      const write = async () => {
        await mkdir(dirname(path), { recursive: true });
        const tmp = `${path}.${randomUUID()}.tmp`;
        await writeFile(tmp, bytes);
        await rename(tmp, path);
      };
      try {
        await write();
      } catch (err) {
        // Its folder was removed while it was written (the account's, deleted meanwhile): once more.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await write();
      }
    },
    async get(key) {
      const size = await fileSize(key);
      if (size === undefined) return undefined;
      const body = Readable.toWeb(createReadStream(pathOf(key))) as ReadableStream<Uint8Array>;
      return { body, contentType: contentTypeOf(key), size };
    },
    async has(key) {
      return (await fileSize(key)) !== undefined;
    },
    async deletePrefix(prefix, keep) {
      // A whole folder (an account's avatars or logos): the folder goes too, not only its files.
      if (prefix.endsWith('/') && !keep?.size) {
        // A file written into it meanwhile (ENOTEMPTY) is removed on a retry.
        await rm(dirname(pathOf(`${prefix}x`)), { recursive: true, force: true, maxRetries: 3 });
        return;
      }
      const dir = dirname(pathOf(`${prefix}x`));
      const namePrefix = prefix.slice(prefix.lastIndexOf('/') + 1);
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return;
      }
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      await Promise.all(
        names
          .filter((n) => n.startsWith(namePrefix) && !keep?.has(`${folder}${n}`))
          .map((n) => rm(join(dir, n), { force: true })),
      );
    },
    close() {},
  };
}
