import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { decrypt, encrypt, sha256 } from '../lib/crypto';
import { AppError } from '../lib/errors';
import type { EffectType, IdempotencyClaim } from './idempotent-effects';
import { requireMerchant } from './merchant-auth';

/**
 * `Idempotency-Key` on merchant POSTs (docs/decisions/0027-modes-api-keys-events.md). The first request with a
 * key claims it (a row, unique per company, mode and key) and its answer, errors included, is kept for 24
 * hours; a repeat with the same request gets that answer again with `Idempotent-Replayed: true`, a repeat with
 * another request 422, a repeat while the first is still running 409. A 5xx or 429 answer releases the key, so
 * the request can be tried again. A claim left running by a process that died is taken over after a minute; what
 * that process made is recorded with the key in the same transaction (idempotent-effects.ts), so the request
 * taking it over answers with it rather than making it twice (docs/decisions/0039-idempotency-keys-kept-with-their-effect.md).
 * The kept answer is encrypted (some answers carry a secret shown once, such as a webhook signing secret).
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 255;
/** A request still running after this long is taken to have died with its process. */
const ABANDONED_AFTER_SECONDS = 60;
export const IDEMPOTENCY_RETENTION_HOURS = 24;

export const idempotencyMessages = {
  keyInvalid: `An Idempotency-Key is 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters, sent once.`,
  otherRequest: 'This Idempotency-Key was used with a different request. Use a new key for a new request.',
  running: 'A request with this Idempotency-Key is still being handled. Try again in a moment.',
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
  }
}

type Claim = { request_hash: string; status: 'running' | 'done'; response_status: number | null; response_body: string | null };

// A body parsed by its contract may hold bigints (amounts as digit strings, ADR 0065): hashed as their digits.
const bigintAsDigits = (_key: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);

function requestHash(request: FastifyRequest): string {
  return sha256(JSON.stringify([request.method, request.routeOptions.url, request.params ?? null, request.body ?? null], bigintAsDigits));
}

export function idempotencyHooks(ctx: () => AppContext): { preHandler: preHandlerHookHandler; onSend: onSendHookHandler } {
  async function begin(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(header)) throw new AppError('BAD_REQUEST', idempotencyMessages.keyInvalid);
    const { companyId, livemode } = requireMerchant(request);
    const hash = requestHash(request);
    const { db } = ctx();
    // A key past its retention starts afresh; a claim abandoned by a process that died keeps the effect it recorded,
    // so the request taking it over answers with that effect instead of making it again.
    const claimed = await db.query<{ effect_type: EffectType | null; effect_id: string | null }>(
      `INSERT INTO idempotency_keys (company_id, livemode, key, request_hash, status) VALUES ($1, $2, $3, $4, 'running')
       ON CONFLICT (company_id, livemode, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, status = 'running', response_status = NULL, response_body = NULL, created_at = now(),
             effect_type = CASE WHEN idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS}) THEN NULL ELSE idempotency_keys.effect_type END,
             effect_id = CASE WHEN idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS}) THEN NULL ELSE idempotency_keys.effect_id END
         WHERE idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})
            OR (idempotency_keys.status = 'running' AND idempotency_keys.request_hash = EXCLUDED.request_hash
                AND idempotency_keys.created_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))
       RETURNING effect_type, effect_id`,
      [companyId, livemode, header, hash],
    );
    const claim = claimed.rows[0];
    if (claim) {
      request.idempotency = { companyId, livemode, key: header, effect: claim.effect_type && claim.effect_id ? { type: claim.effect_type, id: claim.effect_id } : null };
      return;
    }
    const { rows } = await db.query<Claim>(
      'SELECT request_hash, status, response_status, response_body FROM idempotency_keys WHERE company_id = $1 AND livemode = $2 AND key = $3',
      [companyId, livemode, header],
    );
    const first = rows[0];
    // Released between the two statements (the first answer was a 5xx): this request may try again.
    if (!first) throw new AppError('CONFLICT', idempotencyMessages.running);
    if (first.request_hash !== hash) throw new AppError('UNPROCESSABLE', idempotencyMessages.otherRequest);
    if (first.status === 'running') throw new AppError('CONFLICT', idempotencyMessages.running);
    const body = first.response_body!;
    return (
      reply
        .code(first.response_status!)
        .header('idempotent-replayed', 'true')
        .header('content-type', 'application/json; charset=utf-8')
        // Answers kept before they were encrypted are JSON as they were sent; they expire within a day.
        .send(body.startsWith('{') ? body : decrypt(ctx().keys.idempotentAnswer, body))
    );
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const { db } = ctx();
    const params = [claim.companyId, claim.livemode, claim.key];
    if (reply.statusCode >= 500 || reply.statusCode === 429 || typeof payload !== 'string') {
      // Released for a retry. A request that failed after making its effect (a live checkout Paystack did not open)
      // keeps the key with the effect, as a claim a retry may take over at once: the retry answers with that effect.
      await db.query('DELETE FROM idempotency_keys WHERE company_id = $1 AND livemode = $2 AND key = $3 AND effect_type IS NULL', params);
      await db.query(
        `UPDATE idempotency_keys SET created_at = now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})
          WHERE company_id = $1 AND livemode = $2 AND key = $3 AND status = 'running'`,
        params,
      );
    } else {
      await db.query(
        "UPDATE idempotency_keys SET status = 'done', response_status = $4, response_body = $5 WHERE company_id = $1 AND livemode = $2 AND key = $3",
        [...params, reply.statusCode, encrypt(ctx().keys.idempotentAnswer, payload)],
      );
    }
    return payload;
  }

  return { preHandler: begin, onSend: finish };
}
