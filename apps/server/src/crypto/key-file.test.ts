import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readKeyFile, readOrCreateKeyFile } from './key-file';

const moduleFile = fileURLToPath(new URL('./key-file.ts', import.meta.url));
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'omnia-key-file-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * One process that waits for a common start time, then ensures the key in each of `rounds`
 * directories under `root` in turn and prints what it got, one line per round.
 */
function racer(root: string, rounds: number, startAt: number): Promise<string[]> {
  const script = `
    const { readOrCreateKeyFile } = await import(${JSON.stringify(moduleFile)});
    while (Date.now() < ${startAt}) {}
    const keys = [];
    for (let r = 0; r < ${rounds}; r++) {
      try { keys.push(readOrCreateKeyFile(${JSON.stringify(root)} + '/' + r + '/the.key', () => Math.random().toString(36))); }
      catch (err) { keys.push('ERROR ' + err.message); }
    }
    console.log(keys.join('\\n'));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out.trim().split('\n')) : reject(new Error(`racer exited ${code}`)),
    );
  });
}

describe('a key file', () => {
  it('is created once with mode 0600 and read back the same afterwards', () => {
    const dir = freshDir();
    const file = join(dir, 'keys', 'the.key');
    let made = 0;
    const newKey = () => `key-${++made}`;
    expect(readKeyFile(file)).toBeUndefined();
    expect(readOrCreateKeyFile(file, newKey)).toBe('key-1');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateKeyFile(file, newKey)).toBe('key-1');
    expect(readKeyFile(file)).toBe('key-1');
    expect(readdirSync(join(dir, 'keys'))).toEqual(['the.key']);
  });

  it('refuses an empty key file with a message that says what to do', () => {
    const file = join(freshDir(), 'the.key');
    writeFileSync(file, '\n');
    expect(() => readOrCreateKeyFile(file, () => 'never used')).toThrow(/exists but is empty: delete it/);
    expect(readdirSync(join(file, '..'))).toEqual(['the.key']);
  });

  it('processes starting at once on one directory all get the one key, never an empty file', async () => {
    const root = freshDir();
    const rounds = 150;
    const startAt = Date.now() + 2500;
    const results = await Promise.all(Array.from({ length: 4 }, () => racer(root, rounds, startAt)));
    for (let r = 0; r < rounds; r++) {
      const got = new Set(results.map((keys) => keys[r]));
      const onDisk = readKeyFile(join(root, String(r), 'the.key'));
      expect([...got], `round ${r}`).toEqual([onDisk]);
      expect(readdirSync(join(root, String(r))), `round ${r} leaves no draft`).toEqual(['the.key']);
    }
  }, 30_000);
});
