import { testCards } from '@fipay/contracts/payments';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from './db/client';
import { createTestDb } from './test/db';
import { createVerifiedUser, login } from './test/fixtures';
import { startTestServer, type TestServer } from './test/server';
import { ACCESS_TOKEN_TTL_SECONDS } from './modules/auth/tokens';

/**
 * What the hot requests cost in database statements, counted at the server's database handle
 * (docs/decisions/0062-merchant-api-and-sign-in-round-trips.md): each statement is a round trip, and a round trip
 * costs both this process and the database server more than the statement's own work.
 */

/** The database, counting every statement sent through it (BEGIN and COMMIT of a transaction included). */
function counting(inner: Db): { db: Db; statements: () => number } {
  let count = 0;
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      count += 1;
      return q.query(sql, params);
    },
    exec: (sql) => {
      count += 1;
      return q.exec(sql);
    },
    afterCommit: (fn) => q.afterCommit(fn),
    wake: (topic) => q.wake(topic),
    memo: q.memo,
  });
  const db: Db = {
    ...wrap(inner),
    kind: inner.kind,
    onWake: (topic, fn) => inner.onWake(topic, fn),
    listen: (channel, fn) => inner.listen(channel, fn),
    transaction: (fn) => {
      count += 2;
      return inner.transaction((tx) => fn(wrap(tx)));
    },
    close: () => inner.close(),
  };
  return { db, statements: () => count };
}

let server: TestServer;
let statements: () => number;
beforeAll(async () => {
  const created = await createTestDb();
  const counted = counting(created.db);
  statements = counted.statements;
  // The workers poll rarely, so what is counted is the request's own.
  server = await startTestServer({ database: { db: counted.db, drop: created.drop }, pollMs: 3_600_000 });
});
afterAll(() => server.close());

/**
 * The fewest statements `send` caused in three tries (a key's last use is recorded at most once a minute, and a woken
 * worker may query while a request runs), with what `send` answered the last time.
 */
async function fewest<T>(send: () => Promise<T>): Promise<{ statements: number; answer: T }> {
  let least = Number.POSITIVE_INFINITY;
  let answer!: T;
  for (let i = 0; i < 3; i++) {
    const before = statements();
    answer = await send();
    least = Math.min(least, statements() - before);
  }
  return { statements: least, answer };
}

async function merchant() {
  const user = await createVerifiedUser(server);
  const session = await login(server, user);
  const key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  return { user, session, key };
}

describe('statements per request', () => {
  it('signs in with one statement for initiate and one for verify-otp: the user with the proof, then the proof spent with the session, the company and its application', async () => {
    const { user } = await merchant();
    const initiate = await fewest(() => server.api.post('/auth/login/initiate', user));
    expect(initiate.answer.status).toBe(200);
    // The login read with its password hash and the proof's row written, in one statement before Argon2id runs.
    expect(initiate.statements).toBe(1);
    const proofs: string[] = [];
    for (let i = 0; i < 3; i++) proofs.push((await server.api.post('/auth/login/initiate', user)).body.data.passwordProof as string);
    const verify = await fewest(() => server.api.post('/auth/login/verify-otp', { ...user, otp: '', passwordProof: proofs.pop() }));
    expect(verify.answer.status).toBe(200);
    // The proof spent with the session started and the company read with its application, in one statement.
    expect(verify.statements).toBe(1);
    // The access token names the session the proof's statement wrote.
    const claims = String(verify.answer.body.data.accessToken).split('.')[1] ?? '';
    const { sid } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { sid: string };
    const sessions = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM refresh_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = $1 AND t.family_id = $2',
      [user.email, sid],
    );
    expect(sessions.rows[0]!.n).toBe(1);
    expect(verify.answer.body.data.company.application).toMatchObject({ documents: [], representatives: [], bankDetails: null, status: { code: null } });
  });

  it('starts a charge with the key look-up and one statement, and keeps its timeline', async () => {
    const { key } = await merchant();
    const started = await fewest(() => server.api.post('/transactions/initialize', { amount: 250_000, email: 'buyer@shop.ng' }, { token: key }));
    expect(started.answer.status).toBe(201);
    expect(started.statements).toBe(2);
    const detail = await server.api.get(`/transactions/${started.answer.body.data.reference}`, { token: key });
    expect(detail.body.data.timeline).toEqual([{ type: 'transaction.initialized', message: 'Payment of ₦2,500.00 started by buyer@shop.ng.', at: expect.any(String) }]);
  });

  it('starts a charge under an Idempotency-Key in one statement besides the key claimed and its answer kept', async () => {
    const { key } = await merchant();
    let n = 0;
    const started = await fewest(() =>
      server.api.post('/transactions/initialize', { amount: 250_000, email: 'buyer@shop.ng' }, { token: key, headers: { 'idempotency-key': `start-${(n += 1)}` } }),
    );
    expect(started.answer.status).toBe(201);
    expect(started.statements).toBe(4);
    const { rows } = await server.db.query<{ effect_type: string; effect_id: string; status: string }>(
      "SELECT effect_type, effect_id, status FROM idempotency_keys WHERE key = 'start-3'",
    );
    const made = await server.db.query<{ id: string }>('SELECT id FROM transactions WHERE reference = $1', [started.answer.body.data.reference]);
    expect(rows).toEqual([{ effect_type: 'transaction', effect_id: made.rows[0]!.id, status: 'done' }]);
  });

  it('lists with the key look-up and one statement', async () => {
    const { key } = await merchant();
    await server.api.post('/transactions/initialize', { amount: 250_000, email: 'buyer@shop.ng' }, { token: key });
    const listed = await fewest(() => server.api.get('/transactions', { token: key }));
    expect(listed.answer.body.data.transactions).toHaveLength(1);
    expect(listed.statements).toBe(2);
  });

  it('reads a transaction with its timeline, refunds and what may be refunded in one statement', async () => {
    const { key } = await merchant();
    const pending = (await server.api.post('/transactions/initialize', { amount: 250_000, email: 'buyer@shop.ng' }, { token: key })).body.data;
    const open = await fewest(() => server.api.get(`/transactions/${pending.reference}`, { token: key }));
    // Not paid: nothing to refund.
    expect(open).toMatchObject({ statements: 2, answer: { status: 200, body: { data: { status: 'pending', refunds: [], refundable: 0 } } } });

    const card = { number: testCards.find((c) => c.outcome === 'success')!.number, expiry: '12/39', cvv: '123' };
    expect((await server.api.post(`/checkout/${pending.accessCode}/card`, card)).status).toBe(200);
    const paid = await fewest(() => server.api.get(`/transactions/${pending.reference}`, { token: key }));
    // Paid: the balance, read in the same statement, says what may be refunded.
    expect(paid).toMatchObject({ statements: 2, answer: { body: { data: { status: 'success', refunds: [], refundable: 250_000 - paid.answer.body.data.fee } } } });
    expect(paid.answer.body.data.timeline.map((entry: { type: string }) => entry.type)).toEqual(['transaction.initialized', 'charge.success', 'charge.available']);

    expect((await server.api.post('/refunds', { reference: pending.reference, amount: 10_000 }, { token: key })).status).toBe(201);
    const refunded = await fewest(() => server.api.get(`/transactions/${pending.reference}`, { token: key }));
    expect(refunded.statements).toBe(2);
    expect(refunded.answer.body.data.refunds).toMatchObject([{ amount: 10_000, transactionReference: pending.reference }]);
    expect(refunded.answer.body.data.refundable).toBe(250_000 - paid.answer.body.data.fee - 10_000);

    const missing = await fewest(() => server.api.get('/transactions/no-such-reference', { token: key }));
    expect(missing).toMatchObject({ statements: 2, answer: { status: 404 } });
  });
});

describe('access tokens', () => {
  it('are HS256 JWTs of the access type with the session claims, which the verifier accepts', async () => {
    const { session } = await merchant();
    const token = session.accessToken as string;
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: session.user.id, cid: session.user.companyId, iss: 'fipay-api', aud: 'fipay-web', jti: expect.any(String) });
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(60);
    expect((await server.api.get('/notification/user/latest', { token })).status).toBe(200);
    // A token whose signature was made with another key is refused.
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await server.api.get('/notification/user/latest', { token: forged })).status).toBe(401);
  });
});
