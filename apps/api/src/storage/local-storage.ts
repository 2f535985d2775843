import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { link, mkdir, open, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { kybMessages } from '@fipay/contracts/kyb';
import { hmacSha256, safeEqual } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { contentTypeFromKey } from './document-types';
import { storageMessages } from './messages';
import { isSafeKey } from './object-keys';
import type { ObjectStorage } from './types';

/** Where the local driver's links point: the API itself serves PUT and GET under this path. */
export const LOCAL_UPLOAD_PATH = '/api/v1/uploads/';

/** A refused body is read and thrown away, so the client can read the answer, up to this much; past it the connection is cut. */
const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;

/** Reads a body to its end without keeping it, or destroys it once it passes the discard limit. */
export async function discardBody(body: Readable): Promise<void> {
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > DISCARD_LIMIT_BYTES) {
      body.destroy();
      return;
    }
  }
}

type LinkInput = { method: 'PUT' | 'GET'; key: string; expires: number; contentType: string; fileName: string };

/**
 * Documents on the local disk, for the embedded single-process setup. The signed link stands in
 * for S3's presigned URL: an HMAC over method, key, expiry and content type (or download file name)
 * with a key derived from the JWT secret, so links survive restarts and work on every instance
 * that shares the secret and the disk.
 */
export class LocalStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  private readonly root: string;
  private readonly origin: string;
  private readonly baseUrl: string;
  /** The links' path before the key, with any path APP_URL itself has. */
  private readonly linkPath: string;

  constructor(
    dir: string,
    private readonly signingKey: Buffer,
    appUrl: string,
  ) {
    this.root = path.resolve(dir);
    const url = new URL(appUrl);
    this.origin = url.origin;
    this.linkPath = `${url.pathname.replace(/\/+$/, '')}${LOCAL_UPLOAD_PATH}`;
    this.baseUrl = `${url.origin}${this.linkPath}`;
  }

  private sign(link: LinkInput): string {
    return hmacSha256(this.signingKey, JSON.stringify([link.method, link.key, link.expires, link.contentType, link.fileName])).toString('hex');
  }

  private url(key: string, params: Record<string, string>): string {
    const encodedKey = key.split('/').map(encodeURIComponent).join('/');
    return `${this.baseUrl}${encodedKey}?${new URLSearchParams(params).toString()}`;
  }

  /** The file for a key, refusing anything that could resolve outside the uploads folder. */
  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new AppError('BAD_REQUEST', storageMessages.linkInvalid);
    const target = path.resolve(this.root, ...key.split('/'));
    if (!target.startsWith(this.root + path.sep)) throw new AppError('BAD_REQUEST', storageMessages.linkInvalid);
    return target;
  }

  async presignUpload(input: { key: string; contentType: string; expiresInSeconds: number }): Promise<string> {
    this.pathOf(input.key);
    const expires = Math.floor(Date.now() / 1000) + input.expiresInSeconds;
    const signature = this.sign({ method: 'PUT', key: input.key, expires, contentType: input.contentType, fileName: '' });
    return this.url(input.key, { expires: String(expires), contentType: input.contentType, signature });
  }

  async presignDownload(input: { key: string; expiresInSeconds: number; fileName?: string }): Promise<string> {
    this.pathOf(input.key);
    const expires = Math.floor(Date.now() / 1000) + input.expiresInSeconds;
    const fileName = input.fileName ?? '';
    const signature = this.sign({ method: 'GET', key: input.key, expires, contentType: '', fileName });
    return this.url(input.key, { expires: String(expires), ...(fileName ? { name: fileName } : {}), signature });
  }

  /**
   * Checks a link the API handed out. A link for another key, method, type or expiry fails the
   * signature; only an intact link past its expiry is told it has expired.
   */
  verifyLink(input: { method: 'PUT' | 'GET'; key: string; expires?: string; contentType?: string; fileName?: string; signature?: string }): void {
    const invalid = input.method === 'PUT' ? storageMessages.linkInvalid : storageMessages.downloadInvalid;
    const expired = input.method === 'PUT' ? storageMessages.linkExpired : storageMessages.downloadExpired;
    const expires = Number(input.expires);
    if (!isSafeKey(input.key) || !input.signature || !/^[0-9a-f]{64}$/.test(input.signature) || !/^\d{1,12}$/.test(input.expires ?? '')) {
      throw new AppError('FORBIDDEN', invalid);
    }
    const expected = Buffer.from(
      this.sign({ method: input.method, key: input.key, expires, contentType: input.contentType ?? '', fileName: input.fileName ?? '' }),
      'hex',
    );
    if (!safeEqual(expected, Buffer.from(input.signature, 'hex'))) throw new AppError('FORBIDDEN', invalid);
    if (expires < Math.floor(Date.now() / 1000)) throw new AppError('FORBIDDEN', expired);
  }

  /**
   * Streams a body to the key's file: into a temporary file first, linked into place only when
   * the whole body arrived within the limit, so a reader never sees half a file. A key is written
   * once: a stored document never changes under the record that points at it (409 otherwise).
   */
  async write(key: string, body: Readable, maxBytes: number): Promise<{ size: number }> {
    const target = this.pathOf(key);
    const incoming = path.join(this.root, '.incoming');
    await mkdir(incoming, { recursive: true });
    const temp = path.join(incoming, `${randomBytes(12).toString('hex')}.part`);
    const out = createWriteStream(temp, { flags: 'wx' });
    let writeError: Error | undefined;
    out.on('error', (error) => {
      writeError = error;
    });
    let size = 0;
    let tooLarge = false;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (tooLarge || size > maxBytes) {
          if (!tooLarge) out.destroy();
          tooLarge = true;
          // Reading on (to the discard limit) lets the client see the 413.
          if (size - maxBytes > DISCARD_LIMIT_BYTES) {
            body.destroy();
            break;
          }
          continue;
        }
        if (writeError) throw writeError;
        if (!out.write(chunk)) await once(out, 'drain');
      }
      if (tooLarge) throw new AppError('PAYLOAD_TOO_LARGE', kybMessages.fileTooLarge, { errors: { file: kybMessages.fileTooLarge } });
      if (size === 0) throw new AppError('BAD_REQUEST', storageMessages.fileEmpty, { errors: { file: storageMessages.fileEmpty } });
      if (writeError) throw writeError;
      out.end();
      await once(out, 'close');
      if (writeError) throw writeError;
      await mkdir(path.dirname(target), { recursive: true });
      await link(temp, target).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new AppError('CONFLICT', storageMessages.linkUsed) : error;
      });
      await unlink(temp);
      return { size };
    } catch (error) {
      out.destroy();
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  /** The file's bytes from the start; check it exists with `head` first. */
  createReadStream(key: string): ReadStream {
    return createReadStream(this.pathOf(key));
  }

  async head(key: string): Promise<{ size: number; contentType: string | null } | null> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    if (!info?.isFile()) return null;
    return { size: info.size, contentType: contentTypeFromKey(key) };
  }

  async readStart(key: string, bytes: number): Promise<Buffer> {
    const handle = await open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async remove(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  /** A plain key, the link's path (`/api/v1/uploads/<key>`), or the link on this app's origin. */
  keyFromReference(reference: string): string | null {
    let value = reference.trim();
    if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return null;
      }
      if (url.origin !== this.origin) return null;
      value = url.pathname;
    } else {
      value = value.split(/[?#]/, 1)[0]!;
    }
    if (value.startsWith('/')) {
      const prefix = [this.linkPath, LOCAL_UPLOAD_PATH].find((p) => value.startsWith(p));
      if (!prefix) return null;
      value = value.slice(prefix.length);
    }
    let key: string;
    try {
      key = value.split('/').map(decodeURIComponent).join('/');
    } catch {
      return null;
    }
    return isSafeKey(key) ? key : null;
  }
}
