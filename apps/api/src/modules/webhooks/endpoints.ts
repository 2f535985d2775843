import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_ENDPOINTS_PER_MODE,
  WEBHOOK_URL_MAX,
  webhookMessages,
  type createWebhookEndpointRequest,
  type updateWebhookEndpointRequest,
  type WebhookEndpoint,
} from '@fipay/contracts/webhooks';
import type { RollExpiry } from '@fipay/contracts/developers';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { decrypt, encrypt } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { recordEvent, type Scope } from './events';
import { bindEffect, earlierEffect, type IdempotencyClaim } from '../../plugins/idempotent-effects';
import { WEBHOOK_SECRET_PREFIX } from './signature';
import { checkWebhookUrl } from './url-guard';

type EndpointRow = {
  id: string;
  livemode: boolean;
  url: string;
  description: string;
  enabled_events: string[];
  disabled: boolean;
  created_at: Date;
  updated_at: Date;
};
const COLUMNS = 'id, livemode, url, description, enabled_events, disabled, created_at, updated_at';

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  livemode: row.livemode,
  url: row.url,
  description: row.description,
  enabledEvents: row.enabled_events,
  disabled: row.disabled,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** "*" alone stands for every type; listed types are kept once, in the order given. */
const normaliseEvents = (events: readonly string[]) => (events.includes('*') ? ['*'] : [...new Set(events)]);

/** `whsec_` and 32 random bytes in base64, the Standard Webhooks form. */
const newSigningSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

async function requireSendableUrl(ctx: AppContext, scope: Scope, url: string): Promise<string> {
  const check = await checkWebhookUrl(url, { livemode: scope.livemode, allowPrivate: ctx.config.webhookAllowPrivate });
  if (!check.ok) throw new AppError('VALIDATION_FAILED', check.reason, { errors: { url: check.reason } });
  // What is stored and called is the URL in its normal form, where percent-encoding can make it longer.
  const normal = check.url.toString();
  if (normal.length > WEBHOOK_URL_MAX) throw new AppError('VALIDATION_FAILED', webhookMessages.urlTooLong, { errors: { url: webhookMessages.urlTooLong } });
  return normal;
}

export async function listWebhookEndpoints(db: Queryable, scope: Scope): Promise<WebhookEndpoint[]> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${COLUMNS} FROM webhook_endpoints WHERE company_id = $1 AND livemode = $2 AND deleted_at IS NULL ORDER BY created_at, id`,
    [scope.companyId, scope.livemode],
  );
  return rows.map(toEndpoint);
}

export async function findWebhookEndpoint(db: Queryable, scope: Scope, id: string): Promise<WebhookEndpoint> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${COLUMNS} FROM webhook_endpoints WHERE id::text = $1 AND company_id = $2 AND livemode = $3 AND deleted_at IS NULL`,
    [id, scope.companyId, scope.livemode],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', webhookMessages.notFound);
  return toEndpoint(rows[0]);
}

/** The endpoint and its signing secret, for a retry of the request that made it or rolled it (an Idempotency-Key kept with its effect). */
async function withSecret(ctx: AppContext, scope: Scope, id: string): Promise<WebhookEndpoint & { secret: string; previousSecretExpiresAt: string | null }> {
  const { rows } = await ctx.db.query<EndpointRow & { secret_ciphertext: string; previous_secret_expires_at: Date | null }>(
    `SELECT ${COLUMNS}, secret_ciphertext, previous_secret_expires_at FROM webhook_endpoints WHERE id::text = $1 AND company_id = $2 AND livemode = $3 AND deleted_at IS NULL`,
    [id, scope.companyId, scope.livemode],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', webhookMessages.notFound);
  return {
    ...toEndpoint(rows[0]),
    secret: decrypt(ctx.keys.webhookSecret, rows[0].secret_ciphertext),
    previousSecretExpiresAt: rows[0].previous_secret_expires_at?.toISOString() ?? null,
  };
}

/** Adds an endpoint with a new signing secret, returned whole this once (and to a retry with the same Idempotency-Key). */
export async function createWebhookEndpoint(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof createWebhookEndpointRequest>,
  claim?: IdempotencyClaim | null,
): Promise<WebhookEndpoint & { secret: string }> {
  const earlier = earlierEffect(claim, 'webhook_endpoint');
  if (earlier) {
    const { previousSecretExpiresAt: _, ...made } = await withSecret(ctx, scope, earlier);
    return made;
  }
  const url = await requireSendableUrl(ctx, scope, input.url);
  const secret = newSigningSecret();
  const created = await ctx.db.transaction(async (tx) => {
    // One count at a time per company and mode, so requests alongside cannot pass the limit together.
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('webhook_endpoints:' || $1 || ':' || $2, 0))", [scope.companyId, scope.livemode]);
    const { rows: counted } = await tx.query<{ n: string }>(
      'SELECT count(*) AS n FROM webhook_endpoints WHERE company_id = $1 AND livemode = $2 AND deleted_at IS NULL',
      [scope.companyId, scope.livemode],
    );
    if (Number(counted[0]!.n) >= WEBHOOK_ENDPOINTS_PER_MODE) throw new AppError('CONFLICT', webhookMessages.tooMany);
    const { rows } = await tx.query<EndpointRow>(
      `INSERT INTO webhook_endpoints (company_id, livemode, url, description, enabled_events, disabled, secret_ciphertext)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [scope.companyId, scope.livemode, url, input.description, normaliseEvents(input.enabledEvents), input.disabled, encrypt(ctx.keys.webhookSecret, secret)],
    );
    const endpoint = toEndpoint(rows[0]!);
    await recordEvent(tx, scope, 'webhook_endpoint.created', endpoint, null, endpoint.id);
    await bindEffect(tx, claim, 'webhook_endpoint', endpoint.id);
    return { ...endpoint, secret };
  });
  return created;
}

export async function updateWebhookEndpoint(
  ctx: AppContext,
  scope: Scope,
  id: string,
  input: z.output<typeof updateWebhookEndpointRequest>,
): Promise<WebhookEndpoint> {
  const url = input.url === undefined ? undefined : await requireSendableUrl(ctx, scope, input.url);
  const updated = await ctx.db.transaction(async (tx) => {
    const { rows: before } = await tx.query<EndpointRow>(
      `SELECT ${COLUMNS} FROM webhook_endpoints WHERE id::text = $1 AND company_id = $2 AND livemode = $3 AND deleted_at IS NULL FOR UPDATE`,
      [id, scope.companyId, scope.livemode],
    );
    if (!before[0]) throw new AppError('NOT_FOUND', webhookMessages.notFound);
    const previous = toEndpoint(before[0]);
    const { rows } = await tx.query<EndpointRow>(
      `UPDATE webhook_endpoints
          SET url = coalesce($2, url), description = coalesce($3, description), enabled_events = coalesce($4, enabled_events),
              disabled = coalesce($5, disabled), updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [previous.id, url ?? null, input.description ?? null, input.enabledEvents ? normaliseEvents(input.enabledEvents) : null, input.disabled ?? null],
    );
    const endpoint = toEndpoint(rows[0]!);
    const changed = (['url', 'description', 'enabledEvents', 'disabled'] as const).filter((field) => JSON.stringify(previous[field]) !== JSON.stringify(endpoint[field]));
    await recordEvent(tx, scope, 'webhook_endpoint.updated', endpoint, Object.fromEntries(changed.map((field) => [field, previous[field]])));
    return endpoint;
  });
  return updated;
}

export async function deleteWebhookEndpoint(ctx: AppContext, scope: Scope, id: string): Promise<WebhookEndpoint> {
  const deleted = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<EndpointRow>(
      `UPDATE webhook_endpoints SET deleted_at = now(), updated_at = now()
        WHERE id::text = $1 AND company_id = $2 AND livemode = $3 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
      [id, scope.companyId, scope.livemode],
    );
    if (!rows[0]) throw new AppError('NOT_FOUND', webhookMessages.notFound);
    const endpoint = toEndpoint(rows[0]);
    await recordEvent(tx, scope, 'webhook_endpoint.deleted', endpoint);
    return endpoint;
  });
  return deleted;
}

const expiryInterval: Record<RollExpiry, string> = { now: '0 seconds', '1h': '1 hour', '24h': '24 hours', '7d': '7 days' };

/** A new signing secret, returned whole this once; deliveries are signed with the old one too until it expires. */
export async function rollWebhookSecret(
  ctx: AppContext,
  scope: Scope,
  id: string,
  expiresIn: RollExpiry,
  claim?: IdempotencyClaim | null,
): Promise<{ secret: string; previousSecretExpiresAt: string }> {
  // Rolled by an earlier request with this Idempotency-Key whose process died before it answered: not rolled again.
  const earlier = earlierEffect(claim, 'webhook_secret');
  if (earlier === id) {
    const rolled = await withSecret(ctx, scope, earlier);
    return { secret: rolled.secret, previousSecretExpiresAt: rolled.previousSecretExpiresAt ?? new Date().toISOString() };
  }
  const secret = newSigningSecret();
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; previous_secret_expires_at: Date }>(
      `UPDATE webhook_endpoints
          SET previous_secret_ciphertext = secret_ciphertext, previous_secret_expires_at = now() + $5::interval,
              secret_ciphertext = $4, updated_at = now()
        WHERE id::text = $1 AND company_id = $2 AND livemode = $3 AND deleted_at IS NULL
        RETURNING id, previous_secret_expires_at`,
      [id, scope.companyId, scope.livemode, encrypt(ctx.keys.webhookSecret, secret), expiryInterval[expiresIn]],
    );
    if (!rows[0]) throw new AppError('NOT_FOUND', webhookMessages.notFound);
    await bindEffect(tx, claim, 'webhook_secret', rows[0].id);
    return { secret, previousSecretExpiresAt: rows[0].previous_secret_expires_at.toISOString() };
  });
}
