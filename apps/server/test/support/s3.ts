import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Env } from '../../src/config';

/** s3rver's built-in account. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  /** The S3_* variables for an Omnia config pointing at this server. */
  env: Env;
  bucket: string;
  /** A client of our own, to look into the bucket behind Omnia's back. */
  client: S3Client;
  keys(prefix?: string): Promise<string[]>;
  read(key: string): Promise<{ bytes: Uint8Array; contentType: string | undefined } | undefined>;
  close(): Promise<void>;
}

/** A real S3 protocol server (s3rver) on 127.0.0.1, storing into a temporary directory. */
export async function startS3(bucket = 'omnia-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'omnia-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    bucket,
    client,
    async keys(prefix = '') {
      const out = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (out.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])).sort();
    },
    async read(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      } catch {
        return undefined;
      }
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { bytes: await out.Body!.transformToByteArray(), contentType: out.ContentType };
    },
    async close() {
      client.destroy();
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
