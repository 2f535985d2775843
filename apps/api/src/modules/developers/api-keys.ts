import { API_KEY_PREFIXES, developerMessages, type ApiKey, type Mode, type RollExpiry } from '@fipay/contracts/developers';
import { messages } from '@fipay/contracts/messages';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { hmacSha256, randomBase62 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { consumeEmailCode, sendEmailCode } from '../auth/email-otp';
import { checkSecondFactor } from '../auth/two-factor';
import { findUserById, twoFactorMethodOf } from '../auth/users';
import { recordEvent } from '../webhooks/events';
import { requireLiveModeOpen } from './modes';
import { isUniqueViolation } from '../../lib/db-values';

/** Random characters after a key's prefix: 43 base62 characters, about 256 bits. */
const KEY_RANDOM_LENGTH = 43;

type KeyRow = {
  id: string;
  company_id: string;
  livemode: boolean;
  kind: 'publishable' | 'secret';
  publishable_key: string | null;
  last4: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
};
const KEY_COLUMNS = 'id, company_id, livemode, kind, publishable_key, last4, created_at, expires_at, revoked_at, last_used_at';

const modeOf = (livemode: boolean): Mode => (livemode ? 'live' : 'test');

export function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    livemode: row.livemode,
    kind: row.kind,
    key: row.publishable_key ?? `${API_KEY_PREFIXES.secret[modeOf(row.livemode)]}…${row.last4}`,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/** How a secret key is kept and looked up: its HMAC under the server's key. */
export const secretKeyHash = (ctx: Pick<AppContext, 'keys'>, secretKey: string) => hmacSha256(ctx.keys.apiKey, secretKey);

async function insertSecretKey(ctx: AppContext, tx: Queryable, companyId: string, livemode: boolean): Promise<{ row: KeyRow; secretKey: string }> {
  const secretKey = `${API_KEY_PREFIXES.secret[modeOf(livemode)]}${randomBase62(KEY_RANDOM_LENGTH)}`;
  const { rows } = await tx.query<KeyRow>(
    `INSERT INTO api_keys (company_id, livemode, kind, secret_hash, last4) VALUES ($1, $2, 'secret', $3, $4) RETURNING ${KEY_COLUMNS}`,
    [companyId, livemode, secretKeyHash(ctx, secretKey), secretKey.slice(-4)],
  );
  return { row: rows[0]!, secretKey };
}

/** Keys still working (current, and rolled ones until they expire), both modes, newest first. */
export async function listApiKeys(db: Queryable, companyId: string): Promise<ApiKey[]> {
  const { rows } = await db.query<KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM api_keys
      WHERE company_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())
      ORDER BY livemode, kind, created_at DESC`,
    [companyId],
  );
  return rows.map(toApiKey);
}

/** The publishable and secret key of a mode, made once; the secret key is returned whole this once only. */
export async function createApiKeys(ctx: AppContext, user: { userId: string; companyId: string }, mode: Mode) {
  await ctx.limiter.consume('apiKeyChangesPerUser', user.userId);
  const livemode = mode === 'live';
  if (livemode) await requireLiveModeOpen(ctx.db, user.companyId);
  try {
    const keys = await ctx.db.transaction(async (tx) => {
      const publishableKey = `${API_KEY_PREFIXES.publishable[mode]}${randomBase62(KEY_RANDOM_LENGTH)}`;
      const publishable = await tx.query<KeyRow>(
        `INSERT INTO api_keys (company_id, livemode, kind, publishable_key, last4) VALUES ($1, $2, 'publishable', $3, $4) RETURNING ${KEY_COLUMNS}`,
        [user.companyId, livemode, publishableKey, publishableKey.slice(-4)],
      );
      const secret = await insertSecretKey(ctx, tx, user.companyId, livemode);
      const keys = { publishable: toApiKey(publishable.rows[0]!), secret: toApiKey(secret.row), secretKey: secret.secretKey };
      for (const made of [keys.publishable, keys.secret]) await recordEvent(tx, { companyId: user.companyId, livemode }, 'api_key.created', made);
      return keys;
    });
    return keys;
  } catch (error) {
    // The mode's current pair exists (made before, or by a request running alongside).
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', developerMessages.keysExist);
    throw error;
  }
}

const expiryInterval: Record<RollExpiry, string> = { now: '0 seconds', '1h': '1 hour', '24h': '24 hours', '7d': '7 days' };

/** Emails the code that confirms rolling a live secret key, to a user whose second factor is email codes. */
export async function sendRollCode(ctx: AppContext, userId: string) {
  const account = await findUserById(ctx.db, userId);
  if (!account) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  if (twoFactorMethodOf(account) !== 'email') throw new AppError('CONFLICT', developerMessages.rollCodeNotNeeded);
  return sendEmailCode(ctx, account, 'roll_key');
}

/**
 * Rolls a current secret key: a new one is made (returned whole this once) and the old one works until
 * the chosen expiry. A live key needs the user's password and, with two-factor on, a code of that factor.
 */
export async function rollApiKey(
  ctx: AppContext,
  user: { userId: string; companyId: string },
  keyId: string,
  input: { expiresIn: RollExpiry; password?: string; code?: string },
) {
  await ctx.limiter.consume('apiKeyChangesPerUser', user.userId);
  const { rows } = await ctx.db.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id::text = $1 AND company_id = $2`, [keyId, user.companyId]);
  const key = rows[0];
  if (!key) throw new AppError('NOT_FOUND', developerMessages.keyNotFound);
  if (key.kind !== 'secret') throw new AppError('CONFLICT', developerMessages.onlySecretKeysRoll);
  if (key.livemode) {
    await requireLiveModeOpen(ctx.db, user.companyId);
    const account = await findUserById(ctx.db, user.userId);
    if (!account) throw new AppError('UNAUTHORIZED', messages.unauthorized);
    if (!input.password) throw new AppError('VALIDATION_FAILED', developerMessages.passwordRequired, { errors: { password: developerMessages.passwordRequired } });
    if (!(await verifyPassword(account.password_hash, input.password))) {
      throw new AppError('BAD_REQUEST', messages.passwordIncorrect, { errors: { password: messages.passwordIncorrect } });
    }
    const method = twoFactorMethodOf(account);
    if (method === 'email') {
      if (!input.code) throw new AppError('VALIDATION_FAILED', developerMessages.emailCodeRequired, { errors: { code: developerMessages.emailCodeRequired } });
      if (!(await consumeEmailCode(ctx, account.id, 'roll_key', input.code))) throw new AppError('BAD_REQUEST', messages.otpInvalid, { errors: { code: messages.otpInvalid } });
    }
    if (method === 'authenticator') {
      if (!input.code) throw new AppError('VALIDATION_FAILED', developerMessages.codeRequired, { errors: { code: developerMessages.codeRequired } });
      if (!(await checkSecondFactor(ctx, account, input.code))) throw new AppError('BAD_REQUEST', messages.otpInvalid, { errors: { code: messages.otpInvalid } });
    }
  }
  const fresh = await ctx.db.transaction(async (tx) => {
    const made = await insertSecretKeyAfterRoll(ctx, tx, key, input.expiresIn);
    await recordEvent(tx, { companyId: user.companyId, livemode: key.livemode }, 'api_key.rolled', made.rolled, { expiresAt: null });
    return made;
  });
  return fresh;
}

async function insertSecretKeyAfterRoll(ctx: AppContext, tx: Queryable, key: KeyRow, expiresIn: RollExpiry) {
  // Only the current key rolls, once: the update finds nothing if another roll got there first.
  const rolled = await tx.query<KeyRow>(
    `UPDATE api_keys SET expires_at = now() + $2::interval WHERE id = $1 AND expires_at IS NULL AND revoked_at IS NULL RETURNING ${KEY_COLUMNS}`,
    [key.id, expiryInterval[expiresIn]],
  );
  if (!rolled.rows[0]) throw new AppError('CONFLICT', developerMessages.keyAlreadyRolled);
  const secret = await insertSecretKey(ctx, tx, key.company_id, key.livemode);
  await tx.query('UPDATE api_keys SET rolled_to = $2 WHERE id = $1', [key.id, secret.row.id]);
  return { rolled: toApiKey(rolled.rows[0]), secret: toApiKey(secret.row), secretKey: secret.secretKey };
}

export type KeyHolder = { keyId: string; companyId: string; livemode: boolean };

/**
 * The company and mode of a working secret key, or undefined for a wrong, revoked or expired one (one
 * indexed look-up by its hash in every case). Records its use at most once a minute.
 */
export async function secretKeyHolder(ctx: AppContext, secretKey: string): Promise<KeyHolder | undefined> {
  const { rows } = await ctx.db.query<{ id: string; company_id: string; livemode: boolean; stale: boolean }>(
    `SELECT id, company_id, livemode, (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS stale
       FROM api_keys
      WHERE secret_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
    [secretKeyHash(ctx, secretKey)],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.stale) await ctx.db.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [row.id]);
  return { keyId: row.id, companyId: row.company_id, livemode: row.livemode };
}
