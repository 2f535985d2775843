import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_HEARTBEAT_SECONDS, tradeChatMessages as text, type ReadMarks } from '@fipay/contracts/trade-chat';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { CHAT_CHANNEL, messagesAfter, messageView, partyOf, readMarks } from './chat';
import type { Trade } from './trades';

/** Streams one business may hold at once on one instance. */
export const STREAMS_PER_COMPANY = 20;
/** A stream ends after this long; the client reconnects with Last-Event-ID (and a fresh token). */
export const STREAM_MAX_MS = 30 * 60_000;

/** What a stream reads again: new messages, the read marks, or both; or the trade, changed without a step of its own. */
type Wake = 'messages' | 'read' | 'all' | 'trade';

/** A stream asked for while the server closes: the client opens it again, on this instance once restarted or another. */
const closing = () => new AppError('SERVICE_UNAVAILABLE', text.serverClosing, { retryAfterSeconds: 2 });

/**
 * The live chats one instance serves (docs/decisions/0085-trade-chat-in-real-time.md). One `LISTEN trade_chat` per
 * instance (its own connection on PostgreSQL; PGlite's own notices when embedded); a notice names a trade, and each
 * stream of that trade reads from the table what it has not sent yet. The table is the truth: a notice only says
 * when to look, a lost listening connection makes every stream look again, and each heartbeat looks too.
 */
export class ChatHub {
  private readonly streams = new Map<string, Set<(what: Wake) => void>>();
  private readonly perCompany = new Map<string, number>();
  private readonly enders = new Set<() => void>();
  private listening: Promise<() => Promise<void>> | null = null;
  /** The server is closing: no stream opens, and listening is not taken up again. */
  private closed = false;

  constructor(private readonly db: Db) {}

  /**
   * A notice is `<trade id>` (a message), `<trade id>:read` or `<trade id>:trade` (the trade changed without a step:
   * a cancel asked); null after a lost listening connection (all of it).
   */
  private dispatch(payload: string | null) {
    if (payload === null) {
      for (const wake of [...this.streams.values()].flatMap((set) => [...set])) wake('all');
      return;
    }
    const [tradeId, what] = payload.split(':');
    for (const wake of [...(this.streams.get(tradeId!) ?? [])]) wake(what === 'read' ? 'read' : what === 'trade' ? 'trade' : 'messages');
  }

  private async listen() {
    this.listening ??= this.db.listen(CHAT_CHANNEL, (payload) => this.dispatch(payload)).catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    await this.listening;
  }

  /** Serves the stream of `trade` to `request`'s party: the messages after `lastSeq` first, then each new one. */
  async serve(request: FastifyRequest, reply: FastifyReply, trade: Trade, companyId: string, lastSeq: string | null) {
    const held = this.perCompany.get(companyId) ?? 0;
    if (held >= STREAMS_PER_COMPANY) throw new AppError('RATE_LIMITED', text.tooManyStreams, { retryAfterSeconds: 30 });
    // Counted before anything is awaited, so streams opening together cannot pass the bound.
    this.perCompany.set(companyId, held + 1);
    const release = () => {
      const count = (this.perCompany.get(companyId) ?? 1) - 1;
      if (count > 0) this.perCompany.set(companyId, count);
      else this.perCompany.delete(companyId);
    };
    let last: string;
    try {
      if (this.closed) throw closing();
      await this.listen();
      last = lastSeq ?? (await this.latestSeq(trade.id));
      // Closing may have begun while this was read: close() has ended the streams it knew, and this one would be
      // held open, and the shutdown with it, until its 30 minutes.
      if (this.closed) throw closing();
    } catch (error) {
      release();
      throw error;
    }
    const viewer = partyOf(trade, companyId);
    let marks: ReadMarks | null = null;
    let status = trade.status;

    const raw = reply.raw;
    reply.hijack();
    // Written here rather than through Fastify's reply: compression would hold the events back.
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      // nginx passes each event on at once.
      'X-Accel-Buffering': 'no',
    });
    raw.write(`retry: 2000\n\n`);

    let running = false;
    let ended = false;
    // What the next round reads: a message's notice does not read the marks, a mark's does not read messages.
    let wantMessages = true;
    let wantReads = true;
    let wantTrade = false;
    const send = (event: string, data: unknown, id?: string) => {
      if (!ended) raw.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const pump = async () => {
      if (running) return;
      running = true;
      try {
        while ((wantMessages || wantReads || wantTrade) && !ended) {
          const readMessages = wantMessages;
          const readReads = wantReads;
          // A change without a step is told even when the status stays: the page reads the trade again.
          const sawChange = wantTrade;
          wantMessages = false;
          wantReads = false;
          wantTrade = false;
          let sawStep = false;
          for (let more = readMessages; more; ) {
            const rows = await messagesAfter(this.db, trade.id, last, 100);
            for (const row of rows) {
              send('message', messageView(row, viewer), row.seq);
              last = row.seq;
              if (row.author === 'system') sawStep = true;
            }
            more = rows.length === 100;
          }
          if (readReads) {
            const now = await readMarks(this.db, trade.id);
            if (!marks || now.seller !== marks.seller || now.buyer !== marks.buyer) {
              if (marks) send('read', now);
              marks = now;
            }
          }
          if (sawStep || sawChange) {
            const { rows } = await this.db.query<{ status: Trade['status'] }>('SELECT status FROM trades WHERE id = $1', [trade.id]);
            if (rows[0] && (rows[0].status !== status || sawChange)) {
              status = rows[0].status;
              send('trade', { id: trade.id, status });
            }
          }
        }
      } catch (error) {
        request.log.warn({ err: error }, 'trade chat stream ended by an error');
        end();
      } finally {
        running = false;
      }
    };
    const wake = (what: Wake) => {
      if (what === 'trade') wantTrade = true;
      else {
        if (what !== 'read') wantMessages = true;
        if (what !== 'messages') wantReads = true;
      }
      void pump();
    };

    let set = this.streams.get(trade.id);
    if (!set) this.streams.set(trade.id, (set = new Set()));
    set.add(wake);
    const heartbeat = setInterval(() => {
      if (!ended) raw.write(': ping\n\n');
      wake('all');
    }, CHAT_HEARTBEAT_SECONDS * 1000);
    const limit = setTimeout(() => end(), STREAM_MAX_MS);
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearTimeout(limit);
      set.delete(wake);
      if (set.size === 0 && this.streams.get(trade.id) === set) this.streams.delete(trade.id);
      release();
      this.enders.delete(end);
      raw.end();
    };
    this.enders.add(end);
    raw.on('close', end);
    await pump();
  }

  private async latestSeq(tradeId: string): Promise<string> {
    const { rows } = await this.db.query<{ seq: string | null }>('SELECT max(seq)::text AS seq FROM trade_messages WHERE trade_id = $1', [tradeId]);
    return rows[0]?.seq ?? '0';
  }

  /** Ends every stream (the server is closing) and stops listening. */
  async close() {
    this.closed = true;
    for (const end of [...this.enders]) end();
    const listening = this.listening;
    this.listening = null;
    if (listening) await listening.then((stop) => stop()).catch(() => undefined);
  }
}
