import { Transform, type Readable, type TransformCallback } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** `PGCOPY\n\377\r\n\0`, then 32-bit flags and the length of a header extension. */
const SIGNATURE = Buffer.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]);
const HEADER_BYTES = SIGNATURE.length + 8;

/**
 * The text of each row of `COPY … TO STDOUT (FORMAT binary)` of one text column, back to back. Binary, because
 * it is the only format that gives a text as it is: the text format escapes a line's CR LF and the CSV format
 * quotes it. Per row there is a 2-byte field count and a 4-byte length to drop; the text is copied straight into
 * the outgoing chunk.
 */
export class CopyBinaryText extends Transform {
  /** Bytes of the file header, then of a row's header, gathered across chunks. */
  private readonly head = Buffer.alloc(HEADER_BYTES);
  private headLength = 0;
  private headerRead = false;
  /** Bytes of a header extension still to skip. */
  private skip = 0;
  /** Bytes of the current row's text still to copy. */
  private remaining = 0;
  private ended = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const out = Buffer.allocUnsafe(chunk.length);
    let o = 0;
    let i = 0;
    try {
      while (i < chunk.length && !this.ended) {
        if (this.remaining > 0) {
          const n = Math.min(this.remaining, chunk.length - i);
          chunk.copy(out, o, i, i + n);
          o += n;
          i += n;
          this.remaining -= n;
        } else if (this.skip > 0) {
          const n = Math.min(this.skip, chunk.length - i);
          i += n;
          this.skip -= n;
        } else if (!this.headerRead) {
          i = this.gather(chunk, i, HEADER_BYTES);
          if (this.headLength < HEADER_BYTES) continue;
          if (!this.head.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('COPY did not send its binary signature');
          this.skip = this.head.readUInt32BE(SIGNATURE.length + 4);
          this.headerRead = true;
          this.headLength = 0;
        } else if (this.headLength === 0 && chunk.length - i >= 6) {
          // A whole row header in this chunk: the common case.
          const fields = chunk.readInt16BE(i);
          if (fields === -1) {
            this.ended = true;
            break;
          }
          if (fields !== 1) throw new Error(`COPY sent ${fields} columns where one was asked for`);
          this.remaining = Math.max(chunk.readInt32BE(i + 2), 0);
          i += 6;
        } else {
          i = this.gather(chunk, i, this.headLength < 2 ? 2 : 6);
          if (this.headLength === 2 && this.head.readInt16BE(0) === -1) {
            this.ended = true;
            break;
          }
          if (this.headLength < 6) continue;
          const fields = this.head.readInt16BE(0);
          if (fields !== 1) throw new Error(`COPY sent ${fields} columns where one was asked for`);
          this.remaining = Math.max(this.head.readInt32BE(2), 0);
          this.headLength = 0;
        }
      }
    } catch (error) {
      done(error as Error);
      return;
    }
    done(null, o > 0 ? out.subarray(0, o) : undefined);
  }

  override _flush(done: TransformCallback): void {
    done(this.ended ? null : new Error('COPY stopped before its end'));
  }

  /** Takes bytes from `chunk` at `i` into `head` until it holds `upTo`; answers the new position. */
  private gather(chunk: Buffer, i: number, upTo: number): number {
    const n = Math.min(upTo - this.headLength, chunk.length - i);
    chunk.copy(this.head, this.headLength, i, i + n);
    this.headLength += n;
    return i + n;
  }
}

/** `value` as an SQL literal; COPY takes no parameters. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new Error(`No SQL literal for a ${typeof value}`);
}

/** `sql` with `$1`… replaced by its parameters as literals. `sql` must hold no other `$` followed by a digit. */
export function inlineParameters(sql: string, params: unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length) throw new Error(`No parameter $${n}`);
    return literal(params[index]);
  });
}

/**
 * Streams the one text column of `select`'s rows, back to back, from `COPY (select) TO STDOUT` on a connection of
 * `pool`. The connection is given back when the COPY ends; if the stream is destroyed first (the client went away),
 * the connection is closed instead, which stops the COPY on the server.
 */
export function copyLines(pool: pg.Pool, select: string, params: unknown[]): Readable {
  const text = `COPY (${inlineParameters(select, params)}) TO STDOUT (FORMAT binary)`;
  const lines = new CopyBinaryText();
  pool.connect().then(
    (client) => {
      let released = false;
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        client.release(error);
      };
      if (lines.destroyed) return release();
      const copy = client.query(copyTo(text));
      copy.once('end', () => release());
      copy.once('error', (error: Error) => {
        release(error);
        lines.destroy(error);
      });
      lines.once('close', () => {
        if (released) return;
        copy.destroy();
        release(new Error('The reader of a COPY went away'));
      });
      copy.pipe(lines);
    },
    (error: Error) => lines.destroy(error),
  );
  return lines;
}
