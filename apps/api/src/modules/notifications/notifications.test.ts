import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationMessages } from '@fipay/contracts/notifications';
import { base32Decode, totp } from '../../lib/totp';
import { createVerifiedUser, login, signupBody } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { linkIn } from '../../test/smtp-sink';
import { accountNotices, notifyUser } from './notify';
import { clearOfStepEnd } from '../../test/totp-step';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Session = Awaited<ReturnType<typeof login>>;
type Item = { id: string; title: string; message: string; createdAt: string; readAt: string | null };

const newSession = async () => login(server, await createVerifiedUser(server));
const titles = (items: Item[]) => items.map((n) => n.title);
const latest = (s: Session) => server.api.get('/notification/user/latest', { token: s.accessToken });
const list = (s: Session, query = '') => server.api.get(`/notification/user${query}`, { token: s.accessToken });
const patch = (url: string, init: Parameters<TestServer['api']['request']>[2] = {}) => server.api.request('PATCH', `/api/v1${url}`, init);

/** Adds notifications directly, each a second apart (oldest first), so the expected order is known. */
async function seed(s: Session, count: number, prefix = 'Seeded') {
  await server.db.query('DELETE FROM notifications WHERE user_id = $1', [s.user.id]);
  for (let i = 1; i <= count; i += 1) {
    await server.db.query(
      `INSERT INTO notifications (user_id, title, message, created_at) VALUES ($1, $2, 'Body', now() - make_interval(secs => $3))`,
      [s.user.id, `${prefix} ${i}`, count - i],
    );
  }
}

const readAtOf = async (id: string) =>
  (await server.db.query<{ read_at: Date | string | null }>('SELECT read_at FROM notifications WHERE id = $1', [id])).rows[0]!.read_at;

describe('notifications created by account events', () => {
  it('welcomes at sign-up (in the sign-up transaction) and confirms the email', async () => {
    const body = signupBody();
    expect((await server.api.post('/auth/signup', body)).status).toBe(201);
    const { rows } = await server.db.query<{ title: string; message: string }>(
      'SELECT n.title, n.message FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = $1',
      [body.user.email],
    );
    expect(rows).toEqual([accountNotices.welcome(body.user.firstName)]);
    expect(rows[0]!.message).toContain(body.user.firstName);

    const token = linkIn(await server.mail.waitFor(body.user.email)).searchParams.get('token');
    expect((await server.api.get(`/auth/verify-email?token=${token}`)).status).toBe(200);
    const session = await login(server, { email: body.user.email, password: body.user.password });
    const res = await latest(session);
    expect(res.status).toBe(200);
    expect(titles(res.body.data.notifications)).toEqual([accountNotices.emailVerified.title, accountNotices.welcome('').title]);
    expect(res.body.data.unreadCount).toBe(2);
  });

  it('does not notify when sign-up fails', async () => {
    const body = signupBody();
    body.company.countryId = 999_999;
    expect((await server.api.post('/auth/signup', body)).status).toBe(400);
    const { rows } = await server.db.query('SELECT 1 FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = $1', [body.user.email]);
    expect(rows).toHaveLength(0);
  });

  it('notifies when two-factor authentication is turned on and off', async () => {
    const user = await createVerifiedUser(server);
    const s = await login(server, user);
    const setup = await server.api.post('/auth/2fa/setup', undefined, { token: s.accessToken });
    const key = base32Decode(setup.body.data.secret);
    const step = (offset: number) => totp(key, Math.floor(Date.now() / 1000) + offset * 30);
    await clearOfStepEnd();
    expect((await server.api.post('/auth/2fa/enable', { otp: step(-1) }, { token: s.accessToken })).status).toBe(200);
    expect(titles((await latest(s)).body.data.notifications)[0]).toBe(accountNotices.twoFactorOn.title);

    const off = await server.api.post('/auth/2fa/disable', { password: user.password, otp: step(0) }, { token: s.accessToken });
    expect(off.status).toBe(200);
    const after = titles((await latest(s)).body.data.notifications);
    expect(after.slice(0, 2)).toEqual([accountNotices.twoFactorOff.title, accountNotices.twoFactorOn.title]);
  });

  it('says the password was reset after a reset', async () => {
    const user = await createVerifiedUser(server);
    const before = await login(server, user);
    const notes = async () =>
      (await server.db.query<{ title: string }>('SELECT title FROM notifications WHERE user_id = $1', [before.user.id])).rows.map((r) => r.title);
    expect(await notes()).not.toContain(accountNotices.passwordReset.title);
    await server.api.post('/auth/forgot-password', { email: user.email });
    const token = linkIn(await server.mail.waitFor(user.email)).searchParams.get('token');
    const reset = await server.api.post('/auth/reset-password', { token, newPassword: 'Another kola-nut 2027!' });
    expect(reset.status).toBe(200);
    expect(await notes()).toContain(accountNotices.passwordReset.title);
    expect(accountNotices.passwordReset.title).toBe('Your password was reset');
  });
});

describe('GET /notification/user/latest', () => {
  it('returns at most the 10 newest, newest first, with the unread count', async () => {
    const s = await newSession();
    await seed(s, 13);
    await server.db.query(`UPDATE notifications SET read_at = now() WHERE user_id = $1 AND title IN ('Seeded 13', 'Seeded 1')`, [s.user.id]);
    const res = await latest(s);
    expect(res.status).toBe(200);
    expect(res.body.isSuccessful).toBe(true);
    const items: Item[] = res.body.data.notifications;
    expect(titles(items)).toEqual(Array.from({ length: 10 }, (_, i) => `Seeded ${13 - i}`));
    expect(res.body.data.unreadCount).toBe(11);
    expect(Object.keys(items[0]!).sort()).toEqual(['createdAt', 'id', 'message', 'readAt', 'title']);
    expect(items[0]!.readAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(items[1]!.readAt).toBeNull();
    expect(new Date(items[0]!.createdAt).toISOString()).toBe(items[0]!.createdAt);
  });

  it('is empty for a user without notifications', async () => {
    const s = await newSession();
    await seed(s, 0);
    expect((await latest(s)).body.data).toEqual({ notifications: [], unreadCount: 0 });
  });
});

describe('GET /notification/user', () => {
  let s: Session;
  beforeAll(async () => {
    s = await newSession();
    await seed(s, 23);
  });

  it('defaults to page 1 of 10, newest first', async () => {
    const res = await list(s);
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toEqual({ currentPage: 1, totalPages: 3, pageSize: 10, totalItems: 23 });
    expect(titles(res.body.data.notifications)).toEqual(Array.from({ length: 10 }, (_, i) => `Seeded ${23 - i}`));
  });

  it('walks every page once, in order, with no overlap', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const res = await list(s, `?page=${page}&pageSize=10`);
      expect(res.body.data.pagination).toEqual({ currentPage: page, totalPages: 3, pageSize: 10, totalItems: 23 });
      expect(res.body.data.notifications).toHaveLength(page === 3 ? 3 : 10);
      seen.push(...res.body.data.notifications.map((n: Item) => n.id));
    }
    expect(new Set(seen).size).toBe(23);
  });

  it('orders rows written at the same moment as they were written, so pages stay stable', async () => {
    const t = await newSession();
    await seed(t, 0);
    await server.db.query(
      `INSERT INTO notifications (user_id, title, message, created_at) SELECT $1, 'Same time ' || g, 'Body', '2026-01-01T00:00:00Z' FROM generate_series(1, 7) g ORDER BY g`,
      [t.user.id],
    );
    const all = (await list(t, '?pageSize=50')).body.data.notifications.map((n: Item) => n.title);
    expect(all).toEqual([7, 6, 5, 4, 3, 2, 1].map((g) => `Same time ${g}`));
    const paged: string[] = [];
    for (let page = 1; page <= 3; page += 1) paged.push(...(await list(t, `?page=${page}&pageSize=3`)).body.data.notifications.map((n: Item) => n.title));
    expect(paged).toEqual(all);
  });

  it('keeps pages whole after notifications are deleted, and numbers concurrent inserts one after the other', async () => {
    const t = await newSession();
    await seed(t, 12);
    // Holes at the top, in the middle and at the bottom of the list.
    await server.db.query("DELETE FROM notifications WHERE user_id = $1 AND title IN ('Seeded 12', 'Seeded 6', 'Seeded 7', 'Seeded 1')", [t.user.id]);
    const left = [11, 10, 9, 8, 5, 4, 3, 2].map((i) => `Seeded ${i}`);
    const pages: string[][] = [];
    for (let page = 1; page <= 3; page += 1) pages.push((await list(t, `?page=${page}&pageSize=3`)).body.data.notifications.map((n: Item) => n.title));
    expect(pages).toEqual([left.slice(0, 3), left.slice(3, 6), left.slice(6)]);
    expect((await list(t, '?page=1&pageSize=3')).body.data.pagination).toEqual({ currentPage: 1, totalPages: 3, pageSize: 3, totalItems: 8 });

    await Promise.all(
      Array.from({ length: 10 }, (_, i) => server.db.query(`INSERT INTO notifications (user_id, title, message) VALUES ($1, $2, 'Body')`, [t.user.id, `Parallel ${i}`])),
    );
    const { rows } = await server.db.query<{ seq: number }>('SELECT seq FROM notifications WHERE user_id = $1 ORDER BY seq', [t.user.id]);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    const newest = (await list(t, '?pageSize=50')).body.data.notifications.map((n: Item) => n.title);
    expect(newest.slice(10)).toEqual(left);
    expect(new Set(newest.slice(0, 10)).size).toBe(10);
  });

  it('answers a page beyond the end with an empty list and the right totals', async () => {
    const res = await list(s, '?page=9&pageSize=10');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ notifications: [], pagination: { currentPage: 9, totalPages: 3, pageSize: 10, totalItems: 23 } });
  });

  it('accepts a page size of 50 and refuses 51', async () => {
    const big = await list(s, '?pageSize=50');
    expect(big.status).toBe(200);
    expect(big.body.data.notifications).toHaveLength(23);
    expect(big.body.data.pagination).toEqual({ currentPage: 1, totalPages: 1, pageSize: 50, totalItems: 23 });
    const tooBig = await list(s, '?pageSize=51');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe(notificationMessages.pageSizeInvalid);
    expect(tooBig.body.data.errors.pageSize).toBe(notificationMessages.pageSizeInvalid);
  });

  it.each(['0', '-1', 'abc', '1.5', ''])('refuses page=%j with 400 and a clear message', async (page) => {
    const res = await list(s, `?page=${page}`);
    expect(res.status).toBe(400);
    expect(res.body.isSuccessful).toBe(false);
    expect(res.body.message).toBe(notificationMessages.pageInvalid);
    expect(res.body.data).toEqual({ code: 'VALIDATION_FAILED', errors: { page: notificationMessages.pageInvalid } });
  });

  it.each(['0', '-5', 'ten'])('refuses pageSize=%j with 400', async (pageSize) => {
    const res = await list(s, `?pageSize=${pageSize}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(notificationMessages.pageSizeInvalid);
  });

  it('refuses an absurdly large page number rather than failing', async () => {
    const res = await list(s, '?page=1000001');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(notificationMessages.pageTooLarge);
    expect((await list(s, '?page=99999999999999999999')).status).toBe(400);
    expect((await list(s, '?page=1000000')).body.data.notifications).toEqual([]);
  });
});

describe('PATCH /notification/{id}/read', () => {
  it('marks one read once (readAt set the first time only), drops the unread count, and is idempotent', async () => {
    const s = await newSession();
    await seed(s, 3);
    const [first] = (await latest(s)).body.data.notifications as Item[];
    const res = await patch(`/notification/${first!.id}/read`, { token: s.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(notificationMessages.markedRead);
    expect(res.body.data.notification).toMatchObject({ id: first!.id, title: first!.title });
    expect(res.body.data.notification.readAt).toMatch(/Z$/);
    expect(res.body.data.unreadCount).toBe(2);

    await new Promise((r) => setTimeout(r, 20));
    const again = await patch(`/notification/${first!.id}/read`, { token: s.accessToken });
    expect(again.status).toBe(200);
    expect(again.body.data.notification.readAt).toBe(res.body.data.notification.readAt);
    expect(again.body.data.unreadCount).toBe(2);

    const after = await latest(s);
    expect(after.body.data.unreadCount).toBe(2);
    expect(after.body.data.notifications.find((n: Item) => n.id === first!.id).readAt).toBe(res.body.data.notification.readAt);
  });

  it('takes an empty body with or without Content-Type: application/json, and an empty JSON object', async () => {
    const s = await newSession();
    await seed(s, 3);
    const ids = ((await latest(s)).body.data.notifications as Item[]).map((n) => n.id);
    const noType = await patch(`/notification/${ids[0]}/read`, { token: s.accessToken });
    expect(noType.status).toBe(200);
    const jsonNoBody = await patch(`/notification/${ids[1]}/read`, { token: s.accessToken, headers: { 'content-type': 'application/json' } });
    expect(jsonNoBody.status).toBe(200);
    const emptyObject = await patch(`/notification/${ids[2]}/read`, { token: s.accessToken, body: {} });
    expect(emptyObject.status).toBe(200);
    expect(emptyObject.body.data.unreadCount).toBe(0);
    const readAll = await patch('/notification/user/read-all', { token: s.accessToken, headers: { 'content-type': 'application/json' } });
    expect(readAll.status).toBe(200);
  });

  it('still refuses malformed JSON', async () => {
    const s = await newSession();
    const res = await patch('/notification/user/read-all', { token: s.accessToken, rawBody: '{nope' });
    expect(res.status).toBe(400);
  });

  it('answers 404 for an unknown id and for an id that is not a uuid', async () => {
    const s = await newSession();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '123', "1'; DROP TABLE notifications; --"]) {
      const res = await patch(`/notification/${encodeURIComponent(id)}/read`, { token: s.accessToken });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(notificationMessages.notFound);
    }
  });
});

describe('PATCH /notification/user/read-all', () => {
  it('marks every unread notification read and leaves earlier read times alone', async () => {
    const s = await newSession();
    await seed(s, 12);
    const items = (await list(s, '?pageSize=50')).body.data.notifications as Item[];
    const early = await patch(`/notification/${items[5]!.id}/read`, { token: s.accessToken });
    const res = await patch('/notification/user/read-all', { token: s.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(notificationMessages.allMarkedRead);
    expect(res.body.data).toEqual({ markedCount: 11, unreadCount: 0 });
    const after = (await list(s, '?pageSize=50')).body.data.notifications as Item[];
    expect(after.every((n) => n.readAt !== null)).toBe(true);
    expect(after.find((n) => n.id === items[5]!.id)!.readAt).toBe(early.body.data.notification.readAt);
    expect((await latest(s)).body.data.unreadCount).toBe(0);
    expect((await patch('/notification/user/read-all', { token: s.accessToken })).body.data).toEqual({ markedCount: 0, unreadCount: 0 });
  });
});

describe('the counts kept by the database', () => {
  it('match a fresh count after every kind of change, in one statement or many', async () => {
    const a = await newSession();
    const b = await newSession();
    const counted = async (s: Session) =>
      (
        await server.db.query<{ total: number; unread: number }>(
          `SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread FROM notifications WHERE user_id = $1`,
          [s.user.id],
        )
      ).rows[0]!;
    const kept = async (s: Session) =>
      (await server.db.query<{ total: number; unread: number }>('SELECT total, unread FROM notification_counts WHERE user_id = $1', [s.user.id])).rows[0]!;
    const agree = async () => {
      for (const s of [a, b]) expect(await kept(s)).toEqual(await counted(s));
    };

    await agree();
    // Many rows for two users in one statement, some already read.
    await server.db.query(
      `INSERT INTO notifications (user_id, title, message, read_at)
       SELECT u, 'Bulk', 'Body', CASE WHEN i % 3 = 0 THEN now() END FROM unnest($1::uuid[]) u, generate_series(1, 30) i`,
      [[a.user.id, b.user.id]],
    );
    await agree();
    const [first] = (await latest(a)).body.data.notifications as Item[];
    await patch(`/notification/${first!.id}/read`, { token: a.accessToken });
    await patch(`/notification/${first!.id}/read`, { token: a.accessToken });
    await agree();
    // Unread again, an update that changes nothing, then read-all.
    await server.db.query('UPDATE notifications SET read_at = NULL WHERE id = $1', [first!.id]);
    await server.db.query("UPDATE notifications SET title = 'Renamed' WHERE user_id = $1", [b.user.id]);
    await agree();
    await patch('/notification/user/read-all', { token: b.accessToken });
    await agree();
    await server.db.query("DELETE FROM notifications WHERE user_id = $1 AND title = 'Bulk' AND read_at IS NULL", [a.user.id]);
    await agree();

    const answer = (await latest(a)).body.data;
    expect(answer.unreadCount).toBe((await counted(a)).unread);
    const page = (await list(a, '?page=1&pageSize=50')).body.data;
    expect(page.pagination.totalItems).toBe((await counted(a)).total);
    // A notification cannot move to another user (the counts would go wrong).
    await expect(server.db.query('UPDATE notifications SET user_id = $1 WHERE user_id = $2', [b.user.id, a.user.id])).rejects.toThrow(/keeps its owner/);
  });
});

describe('ownership', () => {
  it("keeps each user's notifications to themselves", async () => {
    const a = await newSession();
    const b = await newSession();
    await seed(a, 4, 'Only A');
    await seed(b, 2, 'Only B');
    const aIds = ((await latest(a)).body.data.notifications as Item[]).map((n) => n.id);

    for (const id of aIds) {
      const res = await patch(`/notification/${id}/read`, { token: b.accessToken });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(notificationMessages.notFound);
      expect(await readAtOf(id)).toBeNull();
    }
    expect((await patch('/notification/user/read-all', { token: b.accessToken })).body.data.markedCount).toBe(2);
    expect((await latest(a)).body.data.unreadCount).toBe(4);

    const bLatest = (await latest(b)).body.data.notifications as Item[];
    const bList = (await list(b, '?pageSize=50')).body.data;
    expect(titles(bLatest)).toEqual(['Only B 2', 'Only B 1']);
    expect(bList.pagination.totalItems).toBe(2);
    expect(bList.notifications.map((n: Item) => n.id).some((id: string) => aIds.includes(id))).toBe(false);
  });

  it('notifyUser reaches only that user', async () => {
    const a = await newSession();
    const b = await newSession();
    await seed(a, 0);
    await seed(b, 0);
    await server.db.transaction((tx) => notifyUser(tx, a.user.id, { title: 'Just for A', message: 'Hello' }));
    expect(titles((await latest(a)).body.data.notifications)).toEqual(['Just for A']);
    expect((await latest(b)).body.data.notifications).toEqual([]);
  });
});

describe('authentication', () => {
  it('answers 401 without a token or with a bad one', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const token of [undefined, 'not-a-jwt']) {
      expect((await server.api.get('/notification/user/latest', { token })).status).toBe(401);
      expect((await server.api.get('/notification/user', { token })).status).toBe(401);
      expect((await patch(`/notification/${id}/read`, { token })).status).toBe(401);
      expect((await patch('/notification/user/read-all', { token })).status).toBe(401);
    }
  });

  it('documents the routes in OpenAPI', async () => {
    const res = await server.api.request('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const paths = Object.keys((res.body as unknown as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/notification/user/latest', '/api/v1/notification/user', '/api/v1/notification/{id}/read', '/api/v1/notification/user/read-all']));
  });
});
