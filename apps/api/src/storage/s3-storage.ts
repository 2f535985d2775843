import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { contentDisposition, contentTypeFromKey } from './document-types';
import type { ObjectStorage } from './types';

export type S3StorageConfig = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

type Sdk = typeof S3Sdk;

function isNotFound(error: unknown, { S3ServiceException }: Sdk): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

/** Any S3-compatible store (AWS S3, MinIO, R2, ...). The bucket stays private; every read and write is a presigned URL. */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  private readonly config: S3StorageConfig;
  private sdk: Promise<{ s3: Sdk; presigner: typeof Presigner; client: S3Sdk.S3Client }> | undefined;
  private readonly bucket: string;
  private readonly endpointHost: string | null;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.endpointHost = config.endpoint ? new URL(config.endpoint).host : null;
    this.config = config;
  }

  /**
   * The SDK and its client, loaded on first use: the SDK takes about a fifth of a second to load, which a server
   * that keeps its files on disk need not spend as it starts.
   */
  private ready() {
    this.sdk ??= (async () => {
      const [s3, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
      const config = this.config;
      const client = new s3.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        ...(config.accessKeyId && config.secretAccessKey
          ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
          : {}),
        // By default the SDK adds a CRC32 checksum of the (empty) presign-time body to PUT URLs
        // (x-amz-checksum-crc32, x-amz-sdk-checksum-algorithm); a browser sending the real file then fails.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { s3, presigner, client };
    })();
    return this.sdk;
  }

  async presignUpload(input: { key: string; contentType: string; expiresInSeconds: number }): Promise<string> {
    const { s3, presigner, client } = await this.ready();
    // If-None-Match: * makes the link write once (S3 conditional writes: 412 when the key exists),
    // so a recorded document cannot be swapped later through the same link.
    const command = new s3.PutObjectCommand({ Bucket: this.bucket, Key: input.key, ContentType: input.contentType, IfNoneMatch: '*' });
    // Signed headers must be sent as signed: a PUT of another type, or without If-None-Match, is refused.
    return presigner.getSignedUrl(client, command, {
      expiresIn: input.expiresInSeconds,
      signableHeaders: new Set(['content-type', 'if-none-match']),
    });
  }

  async presignDownload(input: { key: string; expiresInSeconds: number; fileName?: string }): Promise<string> {
    const { s3, presigner, client } = await this.ready();
    const fileName = input.fileName ?? input.key.split('/').pop() ?? 'document';
    const command = new s3.GetObjectCommand({
      Bucket: this.bucket,
      Key: input.key,
      ResponseContentDisposition: contentDisposition(contentTypeFromKey(input.key), fileName),
      ResponseCacheControl: 'private, no-store',
    });
    return presigner.getSignedUrl(client, command, { expiresIn: input.expiresInSeconds });
  }

  async head(key: string): Promise<{ size: number; contentType: string | null } | null> {
    const { s3, client } = await this.ready();
    try {
      const result = await client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: result.ContentLength ?? 0, contentType: result.ContentType ?? null };
    } catch (error) {
      if (isNotFound(error, s3)) return null;
      throw error;
    }
  }

  async readStart(key: string, bytes: number): Promise<Buffer> {
    const { s3, client } = await this.ready();
    try {
      const result = await client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
      const body = result.Body ? Buffer.from(await result.Body.transformToByteArray()) : Buffer.alloc(0);
      // A store that ignores Range sends the whole object; only the start is wanted.
      return body.subarray(0, bytes);
    } catch (error) {
      // An empty object has no byte 0 to start a range at.
      if (error instanceof s3.S3ServiceException && error.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const { s3, client } = await this.ready();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * The key from what a client kept: a path-style URL (`https://host/<bucket>/<key>`), a
   * virtual-host URL (`https://<bucket>.host/<key>`), either URL's path alone, or the key itself.
   */
  keyFromReference(reference: string): string | null {
    const value = reference.trim();
    let encodedKey: string | null;
    if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return null;
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
      const bucketPrefix = `/${this.bucket}/`;
      if (url.hostname.startsWith(`${this.bucket}.`) && url.host !== this.endpointHost) encodedKey = url.pathname.slice(1);
      else if (url.pathname.startsWith(bucketPrefix)) encodedKey = url.pathname.slice(bucketPrefix.length);
      else encodedKey = null;
    } else {
      const path = value.split(/[?#]/, 1)[0]!;
      const bucketPrefix = `/${this.bucket}/`;
      if (path.startsWith(bucketPrefix)) encodedKey = path.slice(bucketPrefix.length);
      else if (path.startsWith('/')) encodedKey = path.slice(1);
      else encodedKey = path;
    }
    if (!encodedKey) return null;
    let key: string;
    try {
      key = decodeURIComponent(encodedKey);
    } catch {
      return null;
    }
    if (key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(key) || key.length > 1024) return null;
    return key;
  }
}
