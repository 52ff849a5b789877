import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import { contentTypeOf, isValidKey, type ObjectStorage } from './object-storage';

export type S3Settings = NonNullable<Config['s3']>;

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Objects in one bucket of an S3-compatible store (AWS S3, MinIO, Ceph, R2…), under the same keys as
 * the local disk (`avatars/{userId}/avatar.png`). Path-style addressing works with every such store.
 * Checksums are sent only where the API requires them, which S3-compatible servers all accept.
 */
export function createS3Storage(settings: S3Settings): ObjectStorage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return key;
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async get(key) {
      if (!isValidKey(key)) return undefined;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return undefined;
        return {
          body: out.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: contentTypeOf(key),
          size: out.ContentLength,
        };
      } catch (err) {
        if (notFound(err)) return undefined;
        throw err;
      }
    },
    async has(key) {
      if (!isValidKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async deletePrefix(prefix, keep) {
      checked(`${prefix}x`);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        // One by one: a user's prefix holds a file or two, and every S3 server has DeleteObject.
        for (const item of page.Contents ?? [])
          if (item.Key && !keep?.has(item.Key))
            await client.send(new DeleteObjectCommand({ Bucket, Key: item.Key }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      client.destroy();
    },
  };
}
