import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tmp = () => mkdtempSync(join(tmpdir(), 'omnia-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database.url).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.autoApproveClients).toBe(false);
    expect(config.secureCookies).toBe(false);
    expect(config.signupsPerIpPerHour).toBe(100);
    expect(loadConfig({ DATA_DIR: dir, SIGNUPS_PER_IP_PER_HOUR: '1000' }).signupsPerIpPerHour).toBe(1000);
  });

  it('generates SECRET_KEY into DATA_DIR on first start and reuses it', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    const file = join(dir, 'secret.key');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first.secretKey);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secretKey);
  });

  it('requires SECRET_KEY in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(ConfigError);
    const key = 'k'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: key, DATA_DIR: tmp() }).secretKey).toBe(key);
  });

  it('runs one worker per core in production on PostgreSQL (as the pool allows), one otherwise, as WEB_CONCURRENCY says', () => {
    const key = 'k'.repeat(40);
    const url = 'postgres://db.example/omnia';
    const prod = { NODE_ENV: 'production', SECRET_KEY: key, DATA_DIR: tmp() };
    // Two connections each of the default DATABASE_POOL_SIZE (10): five at most.
    expect(loadConfig({ ...prod, DATABASE_URL: url }).webConcurrency).toBe(
      Math.min(availableParallelism(), 5),
    );
    expect(loadConfig(prod).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: url }).webConcurrency).toBe(1);
    expect(loadConfig({ ...prod, DATABASE_URL: url, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(() => loadConfig({ ...prod, WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY above 1 needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...prod, DATABASE_URL: url, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ ...prod, DATABASE_URL: url, WEB_CONCURRENCY: 'many' })).toThrow(
      /WEB_CONCURRENCY/,
    );
  });

  it('shares DATABASE_POOL_SIZE among the processes of an instance, one LISTEN connection each', () => {
    const key = 'k'.repeat(40);
    const url = 'postgres://db.example/omnia';
    const prod = { NODE_ENV: 'production', SECRET_KEY: key, DATA_DIR: tmp(), DATABASE_URL: url };
    const poolOf = (env: Record<string, string>) => loadConfig({ ...prod, ...env }).database.poolSize;
    // One process: nine pooled and its LISTEN connection make the default ten.
    expect(poolOf({ WEB_CONCURRENCY: '1' })).toBe(9);
    // Two workers: four and one each; five: one and one each. Never more than ten in all.
    expect(poolOf({ WEB_CONCURRENCY: '2' })).toBe(4);
    expect(poolOf({ WEB_CONCURRENCY: '5' })).toBe(1);
    expect(poolOf({ WEB_CONCURRENCY: '4', DATABASE_POOL_SIZE: '40' })).toBe(9);
    // Too small a size for the workers asked for: refused, naming both.
    expect(() => poolOf({ WEB_CONCURRENCY: '8' })).toThrow(
      /DATABASE_POOL_SIZE \(10\) must be at least 2 × the processes of an instance \(8\)/,
    );
    expect(() => poolOf({ WEB_CONCURRENCY: '1', DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
    // Left to the default, the workers are as many as the cores and the size allow.
    const workers = (size: string) => loadConfig({ ...prod, DATABASE_POOL_SIZE: size }).webConcurrency;
    expect(workers('10')).toBe(Math.min(availableParallelism(), 5));
    expect(workers('2')).toBe(1);
    expect(workers('3')).toBe(1);
    for (const size of ['2', '3', '7', '10', '64']) {
      const config = loadConfig({ ...prod, DATABASE_POOL_SIZE: size });
      expect(config.webConcurrency * (config.database.poolSize + 1)).toBeLessThanOrEqual(Number(size));
    }
    // On the embedded database the size is not used, so nothing to refuse.
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_POOL_SIZE: '1' }).webConcurrency).toBe(1);
  });

  it('rejects bad values with the variable name in the message', () => {
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: tmp() })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x', DATA_DIR: tmp() })).toThrow(/PUBLIC_URL/);
    // The engine's endpoints are at the root: a path would leave the issuer and discovery apart.
    for (const url of [
      'https://id.example.com/auth',
      'https://id.example.com/?x=1',
      'https://u:p@id.example.com',
      'https://id.example.com/auth/..',
      'https://id.example.com/%2e',
      'https://id.example.com?',
      'https://id.example.com#',
      'https://id.example.com:443',
      'HTTPS://ID.EXAMPLE.COM',
    ])
      expect(() => loadConfig({ PUBLIC_URL: url, DATA_DIR: tmp() }), url).toThrow(/PUBLIC_URL.*origin/);
    expect(() => loadConfig({ SECRET_KEY: 'short', DATA_DIR: tmp() })).toThrow(/SECRET_KEY/);
    expect(() => loadConfig({ AUTO_APPROVE_CLIENTS: 'maybe', DATA_DIR: tmp() })).toThrow(
      /AUTO_APPROVE_CLIENTS/,
    );
    expect(() => loadConfig({ SIGNUPS_PER_IP_PER_HOUR: '0', DATA_DIR: tmp() })).toThrow(
      /SIGNUPS_PER_IP_PER_HOUR/,
    );
    expect(() => loadConfig({ NAT64_PREFIXES: '64:ff9b:1::/48', DATA_DIR: tmp() })).toThrow(/NAT64_PREFIXES/);
    expect(
      loadConfig({ NAT64_PREFIXES: '64:ff9b:1::/96', DATA_DIR: tmp() }).addressing.nat64Prefixes,
    ).toEqual(['64:ff9b:1::/96']);
  });

  it('derives secure cookies from an https PUBLIC_URL and trims a trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://id.example.com/', DATA_DIR: tmp() });
    expect(config.publicUrl).toBe('https://id.example.com');
    expect(config.secureCookies).toBe(true);
    // However the scheme is written: the engine reads it as URL does, and names the cookies so.
    // Another spelling of an origin is refused, naming the one to write (it is the issuer).
    expect(() => loadConfig({ PUBLIC_URL: 'HTTPS://id.example.com', DATA_DIR: tmp() })).toThrow(
      /written as https:\/\/id\.example\.com/,
    );
  });

  it('takes S3 settings only all together', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:4568', DATA_DIR: tmp() })).toThrow(/S3_/);
    const config = loadConfig({
      S3_ENDPOINT: 'http://127.0.0.1:4568',
      S3_BUCKET: 'omnia',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
      DATA_DIR: tmp(),
    });
    expect(config.s3).toMatchObject({ bucket: 'omnia', region: 'us-east-1' });
  });

  it('parses AUTO_APPROVE_CLIENTS', () => {
    expect(loadConfig({ AUTO_APPROVE_CLIENTS: 'true', DATA_DIR: tmp() }).autoApproveClients).toBe(true);
  });
});
