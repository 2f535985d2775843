import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/client';
import { PollingWorker } from '../jobs/polling-worker';
import type { MailTransport, OutgoingEmail } from './transport';

export type EmailKind =
  | 'verify_email'
  | 'reset_password'
  | 'representative_approval'
  | 'kyb_submitted'
  | 'email_code'
  | 'password_changed'
  | 'two_factor_off'
  | 'reviewer_setup'
  | 'kyb_approved'
  | 'kyb_rejected'
  | 'kyb_changes_requested'
  | 'webhook_endpoint_disabled'
  | 'payment_received'
  | 'refund_update'
  | 'payout_update'
  | 'payment_receipt'
  | 'refund_processed'
  | 'limit_request_decided'
  | 'trade_update';

/** Notices, sent after the account and security mail waiting with them (a sign-in code never waits behind receipts). */
const NOTICES: ReadonlySet<EmailKind> = new Set(['payment_received', 'refund_update', 'payout_update', 'payment_receipt', 'refund_processed', 'trade_update']);

/** Call inside the transaction of the change that causes the email, so neither exists without the other. */
export async function enqueueEmail(tx: Queryable, kind: EmailKind, email: OutgoingEmail): Promise<void> {
  await tx.query(
    'INSERT INTO outbox_emails (kind, recipient, subject, body_text, body_html, priority) VALUES ($1, $2, $3, $4, $5, $6)',
    [kind, email.to, email.subject, email.text, email.html, NOTICES.has(kind) ? 1 : 0],
  );
  tx.wake('outbox');
}

/**
 * `enqueueEmail` for several emails as part of its caller's statement: an INSERT for a CTE (`name AS (…)`) that writes
 * them in the order given, one row for each row of `after` (a CTE of the caller's that yields one row when what the
 * emails are about was written); `param` adds a value and answers its placeholder. The caller wakes 'outbox'.
 */
export function enqueueEmailsSql(emails: { kind: EmailKind; email: OutgoingEmail }[], param: (value: unknown) => string, after: string): string {
  return `INSERT INTO outbox_emails (kind, recipient, subject, body_text, body_html, priority)
       SELECT x.kind, x.recipient, x.subject, x.body_text, x.body_html, x.priority
         FROM ${after}, unnest(${param(emails.map((e) => e.kind))}::text[], ${param(emails.map((e) => e.email.to))}::text[], ${param(emails.map((e) => e.email.subject))}::text[],
                     ${param(emails.map((e) => e.email.text))}::text[], ${param(emails.map((e) => e.email.html))}::text[],
                     ${param(emails.map((e) => (NOTICES.has(e.kind) ? 1 : 0)))}::smallint[])
              WITH ORDINALITY AS x(kind, recipient, subject, body_text, body_html, priority, position)
        ORDER BY x.position`;
}

type ClaimedRow = { id: string; recipient: string; subject: string; body_text: string; body_html: string; attempts: number; priority: number };

const MAX_ATTEMPTS = 8;
const BATCH = 20;

export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** (attempts - 1));
}

/**
 * Delivers queued email with retries. Rows are claimed with SKIP LOCKED and a
 * lease, so several instances can run workers without sending twice, and a
 * crashed worker's rows are picked up again when the lease ends.
 */
export class OutboxWorker extends PollingWorker {
  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    log: FastifyBaseLogger,
    pollMs = 5000,
  ) {
    super(log, pollMs, BATCH, 'Outbox');
  }

  protected async handleBatch(): Promise<number> {
    const { rows } = await this.db.query<ClaimedRow>(
      `UPDATE outbox_emails SET attempts = attempts + 1, locked_until = now() + interval '2 minutes'
       WHERE id IN (
         SELECT id FROM outbox_emails
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
           AND (locked_until IS NULL OR locked_until < now())
         ORDER BY priority, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
       RETURNING id::text, recipient, subject, body_text, body_html, attempts, priority`,
    );
    // RETURNING keeps no order: the batch goes out as it was chosen, account mail first.
    rows.sort((a, b) => a.priority - b.priority || Number(a.id) - Number(b.id));
    for (const row of rows) await this.deliver(row);
    return rows.length;
  }

  private async deliver(row: ClaimedRow) {
    try {
      await this.transport.send({ to: row.recipient, subject: row.subject, text: row.body_text, html: row.body_html });
      // The bodies hold single-use links; once delivered they are not kept.
      await this.db.query(
        'UPDATE outbox_emails SET sent_at = now(), locked_until = NULL, body_text = NULL, body_html = NULL, last_error = NULL WHERE id = $1',
        [row.id],
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await this.db.query(
        `UPDATE outbox_emails SET locked_until = NULL, last_error = $2,
           next_attempt_at = now() + make_interval(secs => $3),
           failed_at = CASE WHEN $4 THEN now() ELSE NULL END
         WHERE id = $1`,
        [row.id, reason.slice(0, 500), retryDelaySeconds(row.attempts), giveUp],
      );
      this.log.warn({ outboxId: row.id, attempts: row.attempts, giveUp, reason }, 'Email delivery failed');
    }
  }
}
