import { describe, expect, it } from 'vitest';
import { lockOrderServer, untilWaitingForLock } from '../../test/lock-waits';
import { createVerifiedUser } from '../../test/fixtures';
import { notifyOnceSql } from './notify';
import { markTopicRead } from './service';

/**
 * Marking a topic read for every user of a company takes their notification counters in user id order, the order in
 * which every path that notifies several users takes them (docs/decisions/0096-a-chat-notice-is-read-with-the-chat.md):
 * waiting for a later user's counter, it already holds the earlier users', so a money path that notifies the same users
 * in that order (holding the ledger's accounts) cannot be waiting for it in a circle. On PostgreSQL, where a second
 * connection can hold a counter.
 */
const locks = lockOrderServer();

describe('marking a topic read for a company’s users', () => {
  it('locks their counters in user id order: waiting for a later one, it holds the earlier, and goes on once it is free', async () => {
    // A company with three users, each with an unread notification about the topic.
    const owner = await createVerifiedUser(locks.server);
    const { rows: company } = await locks.server.db.query<{ company_id: string }>('SELECT company_id FROM users WHERE email = $1', [owner.email]);
    const companyId = company[0]!.company_id;
    for (const [index, name] of ['Bola', 'Chidi'].entries()) {
      await locks.server.db.query(
        `INSERT INTO users (company_id, first_name, last_name, email, phone, password_hash, email_verified_at)
         SELECT company_id, $2, 'Okafor', $3, $4, password_hash, now() FROM users WHERE email = $1`,
        [owner.email, name, `${name.toLowerCase()}-${Date.now()}@example.ng`, `+23480${String(Date.now() + index).slice(-8)}`],
      );
    }
    const topic = `trade-chat:${crypto.randomUUID()}`;
    await locks.server.db.query(`WITH ${notifyOnceSql({ name: 'n', companyId: '$1::uuid', title: "'New message on a trade'", message: "'Open the trade.'", topic: '$2::text' })} SELECT 1`, [
      companyId,
      topic,
    ]);
    const { rows: users } = await locks.server.db.query<{ id: string }>('SELECT id FROM users WHERE company_id = $1 ORDER BY id', [companyId]);
    expect(users).toHaveLength(3);
    const [first, second, last] = users.map((u) => u.id) as [string, string, string];
    const unreadCounted = async () =>
      (await locks.server.db.query<{ unread: number }>('SELECT unread FROM notification_counts WHERE user_id = ANY($1::uuid[]) ORDER BY user_id', [[first, second, last]])).rows.map((r) => r.unread);
    const before = await unreadCounted();

    await locks.withHolderAndProber(async (holder, prober) => {
      // The last user's counter held, as a money path notifying that user holds it until it commits.
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM notification_counts WHERE user_id = $1 FOR UPDATE', [last]);
      const marking = locks.server.db.transaction((tx) => markTopicRead(tx, companyId, topic));
      await untilWaitingForLock(prober, '%WITH counters AS MATERIALIZED%', 'marking the topic read');
      // While it waits for the last user's counter, it holds the first two: they are not free to take.
      for (const user of [first, second]) {
        await prober.query('BEGIN');
        await expect(prober.query('SELECT 1 FROM notification_counts WHERE user_id = $1 FOR UPDATE NOWAIT', [user])).rejects.toMatchObject({ code: '55P03' });
        await prober.query('ROLLBACK');
      }
      await holder.query('COMMIT');
      await marking;
    });
    // Every user's notification about the topic is read, and each counter has one unread fewer.
    const { rows } = await locks.server.db.query<{ unread: number }>('SELECT count(*)::int AS unread FROM notifications WHERE topic = $1 AND read_at IS NULL', [topic]);
    expect(rows[0]!.unread).toBe(0);
    expect(await unreadCounted()).toEqual(before.map((n) => n - 1));
  });
});
