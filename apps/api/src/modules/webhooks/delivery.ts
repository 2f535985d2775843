import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Event } from '@fipay/contracts/developers';
import { deliveryErrorMessages } from '@fipay/contracts/webhooks';
import type { Db, Queryable } from '../../db/client';
import { PollingWorker } from '../../jobs/polling-worker';
import { decrypt } from '../../lib/crypto';
import { webhookEndpointDisabledEmail } from '../../mail/templates';
import { tellCompany } from '../notifications/tell-company';
import { describeAttemptError } from './attempt-errors';
import { signWebhook } from './signature';
import { checkWebhookUrl, guardedLookup } from './url-guard';

/**
 * Sends webhook deliveries (docs/decisions/0029-webhook-delivery.md). Deliveries are rows written with their
 * event; any instance claims due ones (SKIP LOCKED, with a lease) and posts each event, signed per Standard
 * Webhooks, to its endpoint. A 2xx within the timeout is success; anything else is tried again on the
 * schedule, and an endpoint failing for five days is turned off and its company told.
 */

export const DISABLE_AFTER_FAILING_DAYS = 5;
export const DELIVERY_TIMEOUT_MS = 15_000;
/** How much of a receiver's answer is kept in the delivery log. */
export const RESPONSE_KEPT_BYTES = 4096;
const BATCH = 10;
/**
 * How long a claimed delivery stays claimed: the attempt's own bound plus room to check the address and record the
 * answer. An instance that dies mid-attempt leaves its claims to be taken again when this runs out.
 */
export const leaseSeconds = (timeoutMs: number) => Math.ceil(timeoutMs / 1000) + 15;

export type WebhookSettings = { allowPrivate: boolean; retryScheduleSeconds: number[]; timeoutMs: number; appUrl: string };

/** A claimed delivery with what sending it needs; the endpoint's and event's columns are null when either is gone. */
type Claimed = {
  id: string;
  event_id: string;
  endpoint_id: string;
  attempts: number;
  url: string | null;
  secret_ciphertext: string;
  /** The secret before a roll, while it is still valid. */
  previous_secret_ciphertext: string | null;
  deleted_at: Date | null;
  company_id: string;
  livemode: boolean;
  event_type: Event['type'] | null;
  event_created_at: Date;
  event_data: Event['data'];
};
/** `error` is what the merchant's delivery log shows; `detail`, what went wrong as Node said it, is for our log only. */
type Outcome = { status: number | null; body: string | null; error: string | null; detail?: string; durationMs: number };

/** What a receiver gets: the event as the events API shows it. */
export function deliveryBody(event: Pick<Event, 'id' | 'type' | 'createdAt' | 'livemode' | 'data'>): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt, livemode: event.livemode, data: event.data });
}

/** Posts `body` to `url` with `headers`; the status and the first bytes of the answer, or what went wrong. */
export function post(url: URL, headers: Record<string, string>, body: string, options: { timeoutMs: number; allowPrivate: boolean }): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const failed = (error: NodeJS.ErrnoException) => ({ error: describeAttemptError(error.message, error.code), detail: error.code ? `${error.code}: ${error.message}` : error.message });
    const done = (outcome: Omit<Outcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEPT_BYTES) {
            chunks.push(chunk.subarray(0, RESPONSE_KEPT_BYTES - kept));
            kept += Math.min(chunk.length, RESPONSE_KEPT_BYTES - kept);
          }
        });
        response.on('end', () => done({ status: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), error: null }));
        response.on('error', (error) => done({ status: response.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8'), ...failed(error) }));
      },
    );
    // The whole exchange, not each socket event, is bounded.
    const timer = setTimeout(() => {
      request.destroy(new Error(deliveryErrorMessages.timeout(options.timeoutMs / 1000)));
    }, options.timeoutMs);
    request.on('error', (error) => done({ status: null, body: null, ...failed(error) }));
    request.end(body);
  });
}

export class WebhookWorker extends PollingWorker {
  constructor(
    private readonly db: Db,
    private readonly keys: { webhookSecret: Buffer },
    private readonly settings: WebhookSettings,
    log: FastifyBaseLogger,
    pollMs = 2000,
  ) {
    super(log, pollMs, BATCH, 'Webhook delivery');
  }

  protected async handleBatch(): Promise<number> {
    // One statement claims a batch and reads what sending each needs.
    const { rows } = await this.db.query<Claimed>(
      `WITH c AS (
         UPDATE webhook_deliveries SET attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseSeconds(this.settings.timeoutMs)})
          WHERE id IN (
            SELECT id FROM webhook_deliveries
             WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
             ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING id, event_id, endpoint_id, attempts)
       SELECT c.id, c.event_id, c.endpoint_id, c.attempts, w.url, w.secret_ciphertext, w.deleted_at,
              CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret_ciphertext END AS previous_secret_ciphertext, w.company_id, w.livemode,
              e.type AS event_type, e.created_at AS event_created_at, e.data AS event_data
         FROM c LEFT JOIN webhook_endpoints w ON w.id = c.endpoint_id LEFT JOIN events e ON e.id = c.event_id`,
    );
    await Promise.all(rows.map((row) => this.attempt(row)));
    return rows.length;
  }

  private async attempt(delivery: Claimed) {
    if (delivery.url === null || delivery.event_type === null || delivery.deleted_at) {
      await this.db.query("UPDATE webhook_deliveries SET status = 'failed', locked_until = NULL WHERE id = $1", [delivery.id]);
      return;
    }
    const body = deliveryBody({
      id: delivery.event_id,
      type: delivery.event_type,
      createdAt: delivery.event_created_at.toISOString(),
      livemode: delivery.livemode,
      data: delivery.event_data,
    });
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'FiPay-Webhooks/1.0',
      ...signWebhook({
        id: delivery.event_id,
        body,
        secrets: [delivery.secret_ciphertext, delivery.previous_secret_ciphertext].filter((c) => c !== null).map((c) => decrypt(this.keys.webhookSecret, c)),
      }),
    };
    const check = await checkWebhookUrl(delivery.url, { livemode: delivery.livemode, allowPrivate: this.settings.allowPrivate });
    const outcome: Outcome = check.ok
      ? await post(check.url, headers, body, { timeoutMs: this.settings.timeoutMs, allowPrivate: this.settings.allowPrivate })
      : { status: null, body: null, error: check.reason, durationMs: 0 };
    const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300 && outcome.error === null;
    const error = outcome.error ?? (succeeded ? null : `The endpoint answered ${outcome.status}`);

    const attempt = [delivery.id, delivery.url, JSON.stringify(headers), body, outcome.status, outcome.body, outcome.durationMs, error];
    const recordAttempt = `INSERT INTO webhook_attempts (delivery_id, url, request_headers, request_body, response_status, response_body, duration_ms, error)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`;
    if (succeeded) {
      // One statement: the attempt, the delivery done, and the endpoint no longer failing (written only when it was).
      await this.db.query(
        `WITH a AS (${recordAttempt}), d AS (UPDATE webhook_deliveries SET status = 'succeeded', locked_until = NULL WHERE id = $1)
         UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $9 AND failing_since IS NOT NULL`,
        [...attempt, delivery.endpoint_id],
      );
    } else {
      await this.db.transaction(async (tx) => {
        await tx.query(recordAttempt, attempt);
        const schedule = this.settings.retryScheduleSeconds;
        const wait = schedule[delivery.attempts - 1];
        await tx.query(
          `UPDATE webhook_deliveries SET locked_until = NULL,
             status = CASE WHEN $2::float8 IS NULL THEN 'failed' ELSE 'pending' END,
             next_attempt_at = CASE WHEN $2::float8 IS NULL THEN next_attempt_at ELSE now() + make_interval(secs => $2::float8) END
           WHERE id = $1`,
          [delivery.id, wait ?? null],
        );
        await this.disableIfFailingTooLong(tx, delivery.endpoint_id);
      });
    }
    this.log.info(
      { deliveryId: delivery.id, eventId: delivery.event_id, attempt: delivery.attempts, status: outcome.status, succeeded, error: outcome.detail ?? error },
      'Webhook attempt',
    );
  }

  /** Marks the endpoint failing (from this first failure on), and turns it off once that has lasted five days. */
  private async disableIfFailingTooLong(tx: Queryable, endpointId: string) {
    const { rows } = await tx.query<{ url: string; livemode: boolean; company_id: string; disabled: boolean; long_failing: boolean }>(
      `UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, now()) WHERE id = $1
       RETURNING url, livemode, company_id, disabled, failing_since <= now() - make_interval(days => ${DISABLE_AFTER_FAILING_DAYS}) AS long_failing`,
      [endpointId],
    );
    const endpoint = rows[0];
    if (!endpoint || endpoint.disabled || !endpoint.long_failing) return;
    await tx.query('UPDATE webhook_endpoints SET disabled = true, updated_at = now() WHERE id = $1', [endpointId]);
    await tellCompany(
      tx,
      endpoint.company_id,
      {
        title: 'Webhook endpoint turned off',
        message: `Deliveries to ${endpoint.url} failed for ${DISABLE_AFTER_FAILING_DAYS} days, so it was turned off. Turn it back on once it answers again.`,
      },
      { kind: 'webhook_endpoint_disabled', build: (to) => webhookEndpointDisabledEmail(to, endpoint, `${this.settings.appUrl}/dashboard/dev`) },
    );
    this.log.warn({ endpointId }, 'Webhook endpoint turned off after failing for five days');
  }
}
