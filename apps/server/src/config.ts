import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { z } from 'zod';
import { readOrCreateKeyFile } from './crypto/key-file';
import { type ClientAddressing, parseNat64Prefixes, parseTrustProxy } from './http/client-address';

/** The one place that reads the environment. Every variable is documented in docs/configuration.md. */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  // The issuer and every endpoint's base: the engine serves its endpoints at the root, so a
  // path would give an issuer its own discovery does not match. Nor a query or fragment.
  // As written (trailing slashes aside) it is the issuer, so it must be written as the origin the
  // engine's endpoint URLs use: lowercase, no default port, no path, query or credentials.
  PUBLIC_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/ })
      .superRefine((v, ctx) => {
        const origin = new URL(v).origin;
        if (v.replace(/\/+$/, '') !== origin)
          ctx.addIssue({
            code: 'custom',
            message: `must be an origin, written as ${origin} (no path, query or credentials)`,
          });
      })
      .optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  DATABASE_SSL: z.enum(['disable', 'require', 'verify-full']).default('disable'),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default(`${PRODUCT_NAME} <no-reply@localhost>`),
  S3_ENDPOINT: optionalString,
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  SECRET_KEY: optionalString.pipe(z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional()),
  AUTO_APPROVE_CLIENTS: bool,
  KEY_ROTATION_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
  // At least ten minutes: apps keep the JWKS for minutes (ours says max-age=300).
  KEY_ACTIVATION_DELAY_MINUTES: z.coerce.number().int().min(10).max(10_080).default(60),
  TRUST_PROXY: z.string().optional(),
  NAT64_PREFIXES: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  METRICS_TOKEN: optionalString,
  SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  WEB_CONCURRENCY: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(64).optional()),
});

export type Env = Record<string, string | undefined>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  secureCookies: boolean;
  dataDir: string;
  database: {
    url: string | undefined;
    poolSize: number;
    statementTimeoutMs: number;
    connectTimeoutMs: number;
    ssl: 'disable' | 'require' | 'verify-full';
  };
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
  secretKey: string;
  autoApproveClients: boolean;
  /** The engine's signing keys (oauth/signing-keys.ts): a new one every N days (0: never by itself), published this long before it signs. */
  signingKeys: { rotationDays: number; activationDelaySeconds: number };
  /** Which proxies may report the client's address (X-Forwarded-For), and which NAT64 prefixes carry one. */
  addressing: ClientAddressing;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  webDistDir: string;
  metricsToken: string | undefined;
  /** Sign-ups one client address may make in an hour (a campus or office behind one NAT may need more). */
  signupsPerIpPerHour: number;
  /** Worker processes `npm start` runs (node:cluster); 1 runs the server in the main process. */
  webConcurrency: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The built web app: from apps/server/src (development) and apps/server/dist (the build) alike. */
const builtWebApp = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * Parses the environment. `SECRET_KEY` is read from `DATA_DIR/secret.key` (created on first start)
 * when unset, except in production, where it must be given.
 */
export function loadConfig(env: Env = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  const s3Vars = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  const s3Count = s3Vars.filter(Boolean).length;
  if (s3Count > 0 && s3Count < s3Vars.length) {
    throw new ConfigError(
      'Invalid configuration: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  if ((e.WEB_CONCURRENCY ?? 1) > 1 && !e.DATABASE_URL) {
    // The embedded database lives in one process: workers need a PostgreSQL server to share.
    throw new ConfigError(
      'Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL (a PostgreSQL server)',
    );
  }
  let addressing: ClientAddressing;
  try {
    addressing = {
      trustProxy: parseTrustProxy(e.TRUST_PROXY),
      nat64Prefixes: parseNat64Prefixes(e.NAT64_PREFIXES),
    };
  } catch (err) {
    throw new ConfigError(`Invalid configuration: ${(err as Error).message}`);
  }
  if (e.NODE_ENV === 'production' && !e.SECRET_KEY) {
    throw new ConfigError('Invalid configuration: SECRET_KEY is required when NODE_ENV=production');
  }

  const webConcurrency =
    e.WEB_CONCURRENCY ?? defaultConcurrency(e.NODE_ENV, e.DATABASE_URL, e.DATABASE_POOL_SIZE);
  if (e.DATABASE_URL && e.DATABASE_POOL_SIZE < 2 * webConcurrency) {
    // Each process holds a pooled connection and its LISTEN connection at least.
    throw new ConfigError(
      `Invalid configuration: DATABASE_POOL_SIZE (${e.DATABASE_POOL_SIZE}) must be at least 2 × the processes of an instance (${webConcurrency}): each needs a pooled connection and a LISTEN connection`,
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    // As URL reads it (HTTPS:// too): the engine names the cookies from the same reading.
    secureCookies: new URL(publicUrl).protocol === 'https:',
    dataDir,
    database: {
      url: e.DATABASE_URL,
      poolSize: poolPerProcess(e.DATABASE_POOL_SIZE, webConcurrency),
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      ssl: e.DATABASE_SSL,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3:
      s3Count === s3Vars.length
        ? {
            endpoint: e.S3_ENDPOINT!,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          }
        : undefined,
    secretKey: e.SECRET_KEY ?? readOrCreateSecretKey(dataDir),
    autoApproveClients: e.AUTO_APPROVE_CLIENTS,
    signingKeys: {
      rotationDays: e.KEY_ROTATION_DAYS,
      activationDelaySeconds: e.KEY_ACTIVATION_DELAY_MINUTES * 60,
    },
    addressing,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : builtWebApp,
    metricsToken: e.METRICS_TOKEN,
    signupsPerIpPerHour: e.SIGNUPS_PER_IP_PER_HOUR,
    webConcurrency,
  };
}

/**
 * DATABASE_POOL_SIZE is what one instance may open in all: each of its processes gets an equal
 * share, one connection of which is its LISTEN connection (db/listen.ts), the rest its pool
 * (docs/operations.md gives the formula). On PGlite the pool size is not used.
 */
function poolPerProcess(instanceConnections: number, processes: number): number {
  return Math.max(1, Math.floor(instanceConnections / processes) - 1);
}

/**
 * One worker per core in production on PostgreSQL, as many as DATABASE_POOL_SIZE can give two
 * connections each; one process in development and on PGlite.
 */
function defaultConcurrency(
  env: Config['env'],
  databaseUrl: string | undefined,
  instanceConnections: number,
): number {
  if (env !== 'production' || !databaseUrl) return 1;
  return Math.max(1, Math.min(availableParallelism(), Math.floor(instanceConnections / 2)));
}

const readOrCreateSecretKey = (dataDir: string): string =>
  readOrCreateKeyFile(join(dataDir, 'secret.key'), () => randomBytes(48).toString('base64url'));
