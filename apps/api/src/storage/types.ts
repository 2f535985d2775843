/** Where uploaded documents live: local disk by default, or any S3-compatible store. */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** A URL the browser can PUT the file to, valid for `expiresInSeconds`, for this content type only. */
  presignUpload(input: { key: string; contentType: string; expiresInSeconds: number }): Promise<string>;
  /** A short-lived URL to read the file. Files are never public. */
  presignDownload(input: { key: string; expiresInSeconds: number; fileName?: string }): Promise<string>;
  /** Size and content type of a stored object, or null when there is none. */
  head(key: string): Promise<{ size: number; contentType: string | null } | null>;
  /** The first `bytes` bytes of an object (for checking what the file really is); rejects when there is none. */
  readStart(key: string, bytes: number): Promise<Buffer>;
  /** Deletes an object; deleting one that is not there is not an error. */
  remove(key: string): Promise<void>;
  /**
   * The storage key a client refers to, from either the key itself or the URL it uploaded to
   * (SPEC.md stores the presigned URL without its query string and its path as objectKey).
   */
  keyFromReference(reference: string): string | null;
}
