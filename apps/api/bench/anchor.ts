/**
 * The baselines the product is measured against, on bare Fastify with the same database handle:
 * - `GET /latest` does what `GET /notification/user/latest` does at its core (verify an HS256 access token with
 *   jose, check its session is open, read the newest ten notifications with the unread count, same SQL);
 * - `POST /login` does what `POST /auth/login/initiate` does at its core (read the user's hash by email, verify
 *   the password with Argon2id) over HTTP;
 * and nothing else: no contracts, validation, rate limits, hooks, logging, security headers or compression.
 */
import Fastify from 'fastify';
import { verify } from '@node-rs/argon2';
import { jwtVerify } from 'jose';
import type { Db } from '../src/db/client';
import { sessionOpenSql } from '../src/modules/auth/tokens';
import { countedPageSql } from '../src/modules/notifications/service';

export async function startAnchor(db: Db, accessTokenKey: Uint8Array): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  const latest = countedPageSql('unread');
  app.get('/latest', async (request, reply) => {
    const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
    let claims: { sub: string; sid: string };
    try {
      const { payload } = await jwtVerify(token, accessTokenKey, { algorithms: ['HS256'] });
      claims = { sub: String(payload.sub), sid: String(payload.sid) };
    } catch {
      return reply.code(401).send({ isSuccessful: false, message: 'Unauthorized', data: null });
    }
    const open = await db.query<{ open: boolean }>(sessionOpenSql, [claims.sid, claims.sub]);
    if (!open.rows[0]?.open) return reply.code(401).send({ isSuccessful: false, message: 'Unauthorized', data: null });
    const { rows } = await db.query<{ counted: number; id: string | null }>(latest, [claims.sub, 10, 0]);
    return { isSuccessful: true, message: 'OK', data: { notifications: rows.filter((r) => r.id !== null), unreadCount: Number(rows[0]?.counted ?? 0) } };
  });
  app.post('/login', async (request, reply) => {
    const { email, password } = request.body as { email: string; password: string };
    const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
    const hash = rows[0]?.password_hash;
    if (!hash || !(await verify(hash, password))) return reply.code(401).send({ isSuccessful: false, message: 'Invalid credentials', data: null });
    return { isSuccessful: true, message: 'OK', data: { twoFactorEnabled: false, twoFactorMethod: null } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
