import { join } from 'node:path';
import type { Config } from '../../config';
import { createLocalDiskStorage } from './local-disk';
import type { ObjectStorage } from './object-storage';
import { createS3Storage } from './s3';

/** S3-compatible storage when the S3_* variables are set, the local disk under DATA_DIR/storage otherwise. */
export function createObjectStorage(config: Pick<Config, 's3' | 'dataDir'>): ObjectStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(join(config.dataDir, 'storage'));
}
