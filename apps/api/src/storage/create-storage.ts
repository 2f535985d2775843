import type { Config } from '../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { ObjectStorage } from './types';

export function createStorage(config: Config, keys: { uploadUrl: Buffer; appUrl: string }): ObjectStorage {
  if (config.storage.driver === 's3') return new S3Storage(config.storage);
  return new LocalStorage(config.storage.dir, keys.uploadUrl, keys.appUrl);
}
