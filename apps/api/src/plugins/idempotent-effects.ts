import type { Queryable } from '../db/client';

/**
 * An Idempotency-Key kept with its effect (docs/decisions/0039-idempotency-keys-kept-with-their-effect.md): the
 * request's claim on its key, and what the first request with it made. The effect is recorded in the database
 * transaction that makes it, so a process that dies after that commit and before the answer is kept cannot make
 * the retry that takes the key over do it again: the retry answers with the effect already made.
 */

export type EffectType = 'transaction' | 'refund' | 'payout' | 'payment_link' | 'webhook_endpoint' | 'webhook_secret' | 'webhook_delivery' | 'transfer' | 'test_funds' | 'withdrawal' | 'trade';

export type IdempotencyClaim = {
  companyId: string;
  livemode: boolean;
  key: string;
  /** What an earlier request with this key made before its process died, if anything. */
  effect: { type: EffectType; id: string } | null;
};

/** The id of what an earlier request with this key made, when it made something of this type. */
export function earlierEffect(claim: IdempotencyClaim | null | undefined, type: EffectType): string | null {
  return claim?.effect?.type === type ? claim.effect.id : null;
}

/** Records, in the transaction that makes it, that the request holding `claim` made this effect. */
export async function bindEffect(tx: Queryable, claim: IdempotencyClaim | null | undefined, type: EffectType, id: string): Promise<void> {
  if (!claim) return;
  await tx.query(
    "UPDATE idempotency_keys SET effect_type = $4, effect_id = $5 WHERE company_id = $1 AND livemode = $2 AND key = $3 AND status = 'running'",
    [claim.companyId, claim.livemode, claim.key, type, id],
  );
}

/**
 * `bindEffect` as a clause of the statement that makes the effect (`WITH made AS (INSERT … RETURNING id)`): appended
 * to its WITH list, the key records `made`'s id in that same statement, so a single statement needs no transaction
 * around it. Its parameters are numbered from `$next`, or placed by the caller's `param` (`params` is then empty);
 * no claim, no clause.
 */
export function bindEffectClause(
  claim: IdempotencyClaim | null | undefined,
  type: EffectType,
  made: string,
  next: number | ((value: unknown) => string),
): { sql: string; params: unknown[] } {
  if (!claim) return { sql: '', params: [] };
  const values = [type, claim.companyId, claim.livemode, claim.key];
  const n = typeof next === 'number' ? values.map((_, i) => `$${next + i}`) : values.map(next);
  return {
    sql: `, bound AS (UPDATE idempotency_keys SET effect_type = ${n[0]}, effect_id = (SELECT id::text FROM ${made})
                      WHERE company_id = ${n[1]} AND livemode = ${n[2]} AND key = ${n[3]} AND status = 'running')`,
    params: typeof next === 'number' ? values : [],
  };
}
