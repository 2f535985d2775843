/**
 * The bare baselines over HTTP, in a process of their own with a connection pool of their own (as large as the
 * product's: 10), doing the checks the product makes and nothing else: no contracts, validation, rate limits,
 * hooks, logging, security headers or compression. Started by bench/suite.ts:
 *
 *   node --import tsx apps/api/bench/bare-server.ts '{"port":…,"databaseUrl":"…","jwtSecret":"…","encryptionKey":"…"}'
 *
 * - POST /login: read the user's hash by email, verify the password with @node-rs/argon2 as the product
 *   runs it (one check per sign-in, on src/lib/password-threads.ts).
 * - POST /login/proof, then POST /login/session: the least any server that signs in with two calls and one password
 *   check does (the floor of the sign-in case, not a baseline the product is held to). The first reads the hash and
 *   writes a single-use proof's row in one statement, verifies the password and answers the proof (its row deleted,
 *   unawaited, after a wrong password); the second spends the proof and writes the session's row in one statement
 *   and answers an access token (HS256, signed with node:crypto as the product signs it) and a refresh token. No
 *   verified-email, second-factor or company checks, no limits.
 * - GET /latest: verify the access token with jose (HS256, issuer, audience, type, required claims), check its
 *   session is open, read the newest ten notifications with the unread count (the product's SQL).
 * - Secret-key routes: the key's HMAC looked up as the product looks it up (last use recorded at most once a
 *   minute), then POST /transactions/initialize one INSERT; GET /transactions the same keyset SELECT for page 1;
 *   GET /transactions/:reference the row and its timeline; POST /refunds the row locked, its refunded amount
 *   raised, a refund row and the bare double-entry posting (bench/bare-sql.ts), in one transaction.
 * - POST /take: the access token verified and its session checked as for GET /latest, then one transaction: one
 *   guarded UPDATE of the one shared row (`bench_offers`, what is left of an offer: never below zero), one INSERT
 *   (`bench_takes`), COMMIT. What opening a trade on a busy offer cannot do with less (the market-takers case).
 * From the product it takes SQL text (so the queries are the same) and the row-to-JSON mapping of a transaction (so
 * both sides send the same body); none of its request handling runs here.
 */
import { createHash, createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
// Argon2id runs as the product runs it (docs/decisions/0111-password-hashing-yields-to-requests.md): one thread per
// core at a lower priority. A baseline hashing on libuv's four threads would be slower for that alone, and the
// sign-in ratios would credit the product with how it hashes rather than measure what else it does.
import { verifyInThread as verify } from '../src/lib/password-threads';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { sessionOpenSql } from '../src/modules/auth/tokens';
import { countedPageSql } from '../src/modules/notifications/service';
import { TRANSACTION_COLUMNS, toTransaction, type TransactionRow } from '../src/modules/payments/transaction-rows';
import { postBare } from './bare-sql';
import { prepareBareStatements } from './bare-prepared';

type Settings = { port: number; databaseUrl: string; jwtSecret: string; encryptionKey: string };
const settings = JSON.parse(process.argv[2] ?? '{}') as Settings;
const derive = (secret: string, purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'fipay', purpose, 32));
const accessKey = new Uint8Array(derive(settings.jwtSecret, 'access-token'));
const apiKeyKey = derive(settings.encryptionKey, 'api-key');

// The product's pool: 10 connections, 5 s to connect (src/db/client.ts).
prepareBareStatements();
const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
const app = Fastify({ logger: false });
const unauthorized = (reply: FastifyReply) => reply.code(401).send({ isSuccessful: false, message: 'Unauthorized', data: null });
const bearer = (request: FastifyRequest) => request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';

app.post('/login', async (request, reply) => {
  const { email, password } = request.body as { email: string; password: string };
  const { rows } = await pool.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
  const hash = rows[0]?.password_hash;
  if (!hash || !(await verify(hash, password))) return reply.code(401).send({ isSuccessful: false, message: 'Invalid credentials', data: null });
  return { isSuccessful: true, message: 'OK', data: { signedIn: true } };
});

const proofKey = derive(settings.jwtSecret, 'bench-sign-in-proof');
const proofDigest = (id: string, secret: string) => createHmac('sha256', proofKey).update(`${id}.${secret}`).digest('hex');
const writeProofSql = `WITH found AS (SELECT id, password_hash FROM users WHERE email = $1),
  written AS (INSERT INTO sign_in_proofs (id, user_id, check_digest, expires_at) SELECT $2::uuid, found.id, $3, now() + interval '5 minutes' FROM found)
  SELECT password_hash FROM found`;
app.post('/login/proof', async (request, reply) => {
  const { email, password } = request.body as { email: string; password: string };
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const { rows } = await pool.query<{ password_hash: string }>(writeProofSql, [email, id, proofDigest(id, secret)]);
  const hash = rows[0]?.password_hash;
  if (!hash || !(await verify(hash, password))) {
    if (hash) void pool.query('DELETE FROM sign_in_proofs WHERE id = $1', [id]).catch(() => undefined);
    return reply.code(401).send({ isSuccessful: false, message: 'Invalid credentials', data: null });
  }
  return { isSuccessful: true, message: 'OK', data: { proof: `${id}.${secret}` } };
});
const startSessionSql = `WITH spent AS (DELETE FROM sign_in_proofs WHERE id = $1 AND check_digest = $2 AND expires_at > now() RETURNING user_id)
  INSERT INTO refresh_tokens (user_id, family_id, token_hash, family_expires_at)
  SELECT spent.user_id, $3::uuid, $4, now() + interval '30 days' FROM spent RETURNING user_id`;
const accessHeader = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'at+jwt' })).toString('base64url');
app.post('/login/session', async (request, reply) => {
  const [id = '', secret = ''] = String((request.body as { proof?: string }).proof ?? '').split('.');
  if (!/^[0-9a-f-]{36}$/.test(id)) return unauthorized(reply);
  const familyId = randomUUID();
  const refreshToken = randomBytes(32).toString('base64url');
  const { rows } = await pool.query<{ user_id: string }>(startSessionSql, [id, proofDigest(id, secret), familyId, createHash('sha256').update(refreshToken).digest('hex')]);
  const userId = rows[0]?.user_id;
  if (!userId) return unauthorized(reply);
  const now = Math.floor(Date.now() / 1000);
  const payload = { sid: familyId, sub: userId, iss: 'fipay-api', aud: 'fipay-web', iat: now, jti: randomUUID(), exp: now + 900 };
  const signingInput = `${accessHeader}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  const accessToken = `${signingInput}.${createHmac('sha256', accessKey).update(signingInput).digest('base64url')}`;
  return { isSuccessful: true, message: 'OK', data: { accessToken, refreshToken } };
});

/** The signed-in user of an access token whose session is open, as the product checks it. */
async function sessionUser(request: FastifyRequest): Promise<string | undefined> {
  let sub: string;
  let sid: string;
  try {
    const { payload } = await jwtVerify(bearer(request), accessKey, {
      algorithms: ['HS256'],
      issuer: 'fipay-api',
      audience: 'fipay-web',
      typ: 'at+jwt',
      requiredClaims: ['exp', 'sub', 'cid', 'sid'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
    sub = payload.sub;
    sid = payload.sid;
  } catch {
    return undefined;
  }
  const open = await pool.query<{ open: boolean }>(sessionOpenSql, [sid, sub]);
  return open.rows[0]?.open ? sub : undefined;
}

const latestSql = countedPageSql('unread');
app.get('/latest', async (request, reply) => {
  const sub = await sessionUser(request);
  if (!sub) return unauthorized(reply);
  const { rows } = await pool.query<{ counted: number; id: string | null }>(latestSql, [sub, 10, 0]);
  return { isSuccessful: true, message: 'OK', data: { notifications: rows.filter((r) => r.id !== null), unreadCount: Number(rows[0]?.counted ?? 0) } };
});

type Holder = { companyId: string; livemode: boolean };
async function keyHolder(request: FastifyRequest): Promise<Holder | undefined> {
  const hash = createHmac('sha256', apiKeyKey).update(bearer(request)).digest();
  const { rows } = await pool.query<{ id: string; company_id: string; livemode: boolean; stale: boolean }>(
    `SELECT id, company_id, livemode, (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS stale
       FROM api_keys
      WHERE secret_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
    [hash],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.stale) await pool.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [row.id]);
  return { companyId: row.company_id, livemode: row.livemode };
}

app.post('/transactions/initialize', async (request, reply) => {
  const holder = await keyHolder(request);
  if (!holder) return unauthorized(reply);
  const { amount, email } = request.body as { amount: number; email: string };
  const reference = `fp-${randomBytes(10).toString('hex')}`;
  const accessCode = `ck-${randomBytes(20).toString('hex')}`;
  await pool.query(
    `INSERT INTO transactions (company_id, livemode, reference, amount, provider, customer_email, customer_name, metadata, access_code, provider_reference)
     VALUES ($1, $2, $3, $4, 'sandbox', $5, '', '{}', $6, $3)`,
    [holder.companyId, holder.livemode, reference, amount, email, accessCode],
  );
  return reply.code(201).send({ isSuccessful: true, message: 'OK', data: { reference, accessCode } });
});

const columns = TRANSACTION_COLUMNS.split(/,\s*/).map((c) => `t.${c}`).join(', ');
app.get('/transactions', async (request, reply) => {
  const holder = await keyHolder(request);
  if (!holder) return unauthorized(reply);
  const { rows } = await pool.query<TransactionRow>(
    `SELECT ${columns} FROM transactions t WHERE t.company_id = $1 AND t.livemode = $2 ORDER BY t.created_at DESC, t.id DESC LIMIT $3`,
    [holder.companyId, holder.livemode, 21],
  );
  return { isSuccessful: true, message: 'OK', data: { transactions: rows.slice(0, 20).map(toTransaction), nextCursor: rows.length > 20 ? rows[19]!.id : null } };
});

app.get('/transactions/:reference', async (request, reply) => {
  const holder = await keyHolder(request);
  if (!holder) return unauthorized(reply);
  const { reference } = request.params as { reference: string };
  const { rows } = await pool.query<TransactionRow>(
    `SELECT ${columns} FROM transactions t WHERE t.company_id = $1 AND t.livemode = $2 AND t.reference = $3`,
    [holder.companyId, holder.livemode, reference],
  );
  if (!rows[0]) return reply.code(404).send({ isSuccessful: false, message: 'Not found', data: null });
  const timeline = await pool.query<{ type: string; message: string; created_at: Date }>(
    'SELECT type, message, created_at FROM transaction_history WHERE transaction_id = $1 ORDER BY id',
    [rows[0].id],
  );
  const data = { ...toTransaction(rows[0]), timeline: timeline.rows.map((h) => ({ type: h.type, message: h.message, at: h.created_at.toISOString() })) };
  return { isSuccessful: true, message: 'OK', data };
});

app.post('/refunds', async (request, reply) => {
  const holder = await keyHolder(request);
  if (!holder) return unauthorized(reply);
  const { reference, amount } = request.body as { reference: string; amount: number };
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: string; amount: string; refunded_amount: string }>(
      `SELECT id, amount, refunded_amount FROM transactions WHERE company_id = $1 AND livemode = $2 AND reference = $3 AND status = 'success' FOR UPDATE`,
      [holder.companyId, holder.livemode, reference],
    );
    const row = rows[0];
    if (!row || !Number.isSafeInteger(amount) || BigInt(row.amount) - BigInt(row.refunded_amount) < BigInt(amount)) {
      await client.query('ROLLBACK');
      return reply.code(422).send({ isSuccessful: false, message: 'Not refundable', data: null });
    }
    await client.query('UPDATE transactions SET refunded_amount = refunded_amount + $2, updated_at = now() WHERE id = $1', [row.id, amount]);
    const refund = await client.query<{ id: string }>('INSERT INTO bench_refunds (transaction_id, amount) VALUES ($1, $2) RETURNING id', [row.id, amount]);
    await postBare(client, `refund-${refund.rows[0]!.id}`, amount);
    await client.query('COMMIT');
    return reply.code(201).send({ isSuccessful: true, message: 'OK', data: { id: refund.rows[0]!.id, amount } });
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
});

app.post('/take', async (request, reply) => {
  const user = await sessionUser(request);
  if (!user) return unauthorized(reply);
  const { offer, amount } = request.body as { offer: number; amount: number };
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const taken = await client.query('UPDATE bench_offers SET remaining = remaining - $2 WHERE id = $1 AND remaining >= $2 RETURNING remaining', [offer, amount]);
    if (taken.rowCount === 0) {
      await client.query('ROLLBACK');
      return reply.code(422).send({ isSuccessful: false, message: 'Not that much left', data: null });
    }
    const take = await client.query<{ id: string }>('INSERT INTO bench_takes (offer_id, user_id, amount) VALUES ($1, $2, $3) RETURNING id', [offer, user, amount]);
    await client.query('COMMIT');
    return reply.code(201).send({ isSuccessful: true, message: 'OK', data: { id: take.rows[0]!.id, amount } });
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
});

const shutdown = () => {
  void app
    .close()
    .then(() => pool.end())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
await app.listen({ port: settings.port, host: '127.0.0.1' });
