import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { adminKeyMatches, adminKeyPath, ensureAdminKey, readAdminKey } from './admin-key';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('creates DATA_DIR/admin.key once (mode 0600) and matches only that key', () => {
  dir = mkdtempSync(join(tmpdir(), 'omnia-admin-key-'));
  expect(readAdminKey(dir)).toBeUndefined();
  const key = ensureAdminKey(dir);
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(statSync(adminKeyPath(dir)).mode & 0o777).toBe(0o600);
  expect(ensureAdminKey(dir)).toBe(key);
  expect(readAdminKey(dir)).toBe(key);
  expect(adminKeyMatches(key, key)).toBe(true);
  expect(adminKeyMatches(key, `${key}x`)).toBe(false);
  expect(adminKeyMatches(key, undefined)).toBe(false);
});
