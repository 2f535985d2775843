import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { PollingWorker } from '../../jobs/polling-worker';
import { AppError } from '../../lib/errors';
import type { InboundEvent, Providers } from '../../providers/types';
import { applyInboundEvent } from './inbound-events';
import { noteRefusedWebhook, noteSignedWebhook } from './live-readiness';

/**
 * Inbound provider webhooks kept first and applied after (docs/decisions/0054-providers-behind-interfaces.md, the
 * inbox Lago keeps): the route stores a verified event (storeInboundEvent) and answers at once; this worker, woken
 * when the row commits and polling otherwise, reads each stored body again through its provider's reader and
 * applies it through our own actions (applyInboundEvent). An outage leaves the event for a later attempt.
 */

export type InboxProvider = keyof Providers['inbound'];

/** How many events one round takes. */
const BATCH = 10;
/** How long a claimed event is held before another round may take it (longer than a provider call's timeout). */
const CLAIM_SECONDS = 300;

/**
 * Stores a verified event once per provider and key (the reader's key, else a hash of the body): a repeated delivery
 * is one row. A repeat of an event that was applied without effect (`ignored`: it named nothing of ours yet, or
 * the provider did not yet agree) is taken again; one applied under its own key stays applied. An event without a
 * key of its own is taken again on every repeat: its body may be the same for two different objects (Paystack's
 * refund events name only the payment and the amount, so two refunds of one amount look alike), and applying it is
 * itself once per refund (provider_events).
 */
export async function storeInboundEvent(ctx: AppContext, provider: InboxProvider, rawBody: Buffer, event: Exclude<InboundEvent, { action: 'ignored' }>): Promise<void> {
  const digest = createHash('sha256').update(rawBody).digest('hex');
  const key = 'key' in event ? event.key : `sha256:${digest}`;
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO provider_inbox (provider, event_key, type, payload, payload_sha256) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (provider, event_key) DO UPDATE SET payload = EXCLUDED.payload, payload_sha256 = EXCLUDED.payload_sha256,
              processed_at = NULL, outcome = NULL, next_attempt_at = now()
        WHERE provider_inbox.outcome = 'ignored' OR (provider_inbox.processed_at IS NOT NULL AND provider_inbox.event_key LIKE 'sha256:%')`,
      [provider, key.slice(0, 300), event.type.slice(0, 100), rawBody.toString('utf8'), digest],
    );
    tx.wake('provider-inbox');
  });
}

export type WebhookOutcome = 'refused' | 'ignored' | 'stored';

/**
 * One provider webhook as it arrives: the signature checked on the raw bytes before anything is read, then the
 * event stored for the worker (`stored`), or acknowledged and dropped when it is nothing we act on (`ignored`).
 */
export async function receiveProviderWebhook(
  ctx: AppContext,
  provider: InboxProvider,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookOutcome> {
  const reader = ctx.inbound[provider];
  if (!reader || !reader.signatureValid(rawBody, headers)) {
    await noteRefusedWebhook(ctx.db);
    return 'refused';
  }
  await noteSignedWebhook(ctx.db);
  const event = reader.read(rawBody);
  if (!event || event.action === 'ignored') return 'ignored';
  await storeInboundEvent(ctx, provider, rawBody, event);
  return 'stored';
}

type Claimed = { id: string; provider: string; payload: string; attempts: number };

export class ProviderInboxWorker extends PollingWorker {
  constructor(
    private readonly ctx: AppContext,
    log: FastifyBaseLogger,
    pollMs = 2000,
  ) {
    super(log, pollMs, BATCH, 'Provider inbox');
  }

  protected async handleBatch(): Promise<number> {
    const { rows } = await this.ctx.db.query<Claimed>(
      `UPDATE provider_inbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${CLAIM_SECONDS})
        WHERE id IN (SELECT id FROM provider_inbox WHERE processed_at IS NULL AND next_attempt_at <= now()
                      ORDER BY next_attempt_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, provider, payload, attempts`,
    );
    for (const row of rows) await this.handle(row);
    return rows.length;
  }

  private async handle(row: Claimed): Promise<void> {
    const reader = Object.hasOwn(this.ctx.inbound, row.provider) ? this.ctx.inbound[row.provider as InboxProvider] : null;
    try {
      // Without the provider's key (removed since) the event waits: nothing of it can be checked.
      if (!reader) throw new AppError('SERVICE_UNAVAILABLE', 'provider not set up');
      const event = reader.read(Buffer.from(row.payload, 'utf8'));
      const outcome = event ? await applyInboundEvent(this.ctx, event) : 'ignored';
      // Applied: the body (the customer's email, card details) is no longer needed; its digest finds the row.
      await this.ctx.db.query("UPDATE provider_inbox SET processed_at = now(), outcome = $2, last_error = NULL, payload = '' WHERE id = $1", [row.id, outcome]);
    } catch (error) {
      if (!(error instanceof AppError)) this.log.error({ err: error, inbox: row.id }, 'Provider event could not be applied');
      const reason = error instanceof AppError ? (typeof error.cause === 'string' ? error.cause : error.message) : 'internal error';
      this.log.warn({ inbox: row.id, attempts: row.attempts, reason }, 'Provider event not applied; trying again later');
      // 1, 2, 4 ... minutes after each failed attempt, at most an hour.
      await this.ctx.db.query(
        `UPDATE provider_inbox SET last_error = $2, next_attempt_at = now() + make_interval(mins => least(60, power(2, least(attempts - 1, 6))::int)) WHERE id = $1`,
        [row.id, reason.slice(0, 500)],
      );
    }
  }
}
