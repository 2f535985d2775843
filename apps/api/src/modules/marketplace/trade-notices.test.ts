import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { withdrawalFixtures } from '../../test/withdrawal-fixtures';
import { refreshRates } from '../rates/rates';

/**
 * The in-app notifications of a trade's chat and feedback (docs/decisions/0092-trade-chat-and-feedback-notifications.md):
 * the other side is told of new messages and of feedback left on it, at most one unread notification per trade and
 * topic, over HTTP as the dashboard reads them.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await refreshRates(server.app.ctx);
});
afterAll(() => server.close());

const { newCompany, fund, addMethod } = withdrawalFixtures(() => server);
type Company = Awaited<ReturnType<typeof newCompany>>;
type Notice = { id: string; title: string; message: string; readAt: string | null };

/** A vendor selling USDT for naira by bank transfer and by balance, and a buyer with naira. */
async function parties() {
  const vendor = await newCompany();
  const buyer = await newCompany();
  const account = await addMethod(vendor, { kind: 'ng_bank_account' });
  await fund(vendor, 'USDT', 500_000_000n);
  await fund(buyer, 'NGN', 100_000_000n);
  const offer = await server.api.post(
    '/offers',
    { side: 'sell', asset: 'USDT', fiat: 'NGN', price: '165000', total: '200000000', minTrade: '1000000', maxTrade: '100000000', methods: [{ method: 'fipay_balance' }, { method: 'ng_bank_transfer', paymentMethodId: account }] },
    { token: vendor.key },
  );
  expect(offer.status).toBe(201);
  const open = async (method: 'ng_bank_transfer' | 'fipay_balance') => {
    const trade = await server.api.post('/trades', { offerId: offer.body.data.id, amount: '10000000', method }, { token: buyer.key, headers: { 'Idempotency-Key': `notice-${Math.random()}` } });
    expect(trade.status).toBe(201);
    return trade.body.data.id as string;
  };
  return { vendor, buyer, open };
}

/** The company's user's notifications with `title`, newest first, as the dashboard's list shows them. */
async function notices(company: Company, title: string): Promise<Notice[]> {
  const list = await server.api.get('/notification/user?page=1&pageSize=50', { token: company.accessToken });
  expect(list.status).toBe(200);
  return (list.body.data.notifications as Notice[]).filter((n) => n.title === title);
}

const unreadCount = async (company: Company) => (await server.api.get('/notification/user/latest', { token: company.accessToken })).body.data.unreadCount as number;

const say = async (tradeId: string, who: Company, body: string) => expect((await server.api.post(`/trades/${tradeId}/messages`, { body }, { token: who.key })).status).toBe(201);

describe('chat notifications', () => {
  it('tells the other side of a burst of messages once per trade until it reads the notification, and never the writer', async () => {
    const { vendor, buyer, open } = await parties();
    const tradeId = await open('ng_bank_transfer');
    const unreadBefore = await unreadCount(vendor);

    for (const body of ['Paying now.', 'Sent from Acme Ltd.', 'Reference FP-1.', 'Did it arrive?', 'Hello?']) await say(tradeId, buyer, body);
    const told = await notices(vendor, 'New message on a trade (test)');
    expect(told).toEqual([{ id: expect.any(String), title: 'New message on a trade (test)', message: 'The buyer wrote to you about the trade of 10 USDT. Open the trade to read and reply.', readAt: null, createdAt: expect.any(String) }]);
    expect(await unreadCount(vendor)).toBe(unreadBefore + 1);
    // Its own messages tell the writer nothing.
    expect(await notices(buyer, 'New message on a trade (test)')).toEqual([]);

    // The seller answers: the buyer is told, once.
    await say(tradeId, vendor, 'Not yet.');
    await say(tradeId, vendor, 'Checking again.');
    expect(await notices(buyer, 'New message on a trade (test)')).toMatchObject([{ message: 'The seller wrote to you about the trade of 10 USDT. Open the trade to read and reply.', readAt: null }]);

    // Once the seller has read it, the next message tells it again, once.
    expect((await server.api.request('PATCH', `/api/v1/notification/${told[0]!.id}/read`, { token: vendor.accessToken, body: {} })).status).toBe(200);
    await say(tradeId, buyer, 'It should be there now.');
    await say(tradeId, buyer, 'Please check.');
    const again = await notices(vendor, 'New message on a trade (test)');
    expect(again.map((n) => n.readAt === null)).toEqual([true, false]);

    // Another trade's chat is its own: a message there is a notification of its own.
    const other = await open('ng_bank_transfer');
    await say(other, buyer, 'A second order.');
    expect(await notices(vendor, 'New message on a trade (test)')).toHaveLength(3);
    const { rows } = await server.db.query<{ topic: string; n: number }>(
      'SELECT topic, count(*)::int AS n FROM notifications WHERE user_id = $1 AND topic IS NOT NULL GROUP BY topic ORDER BY n DESC',
      [vendor.user.id],
    );
    expect(rows).toEqual([{ topic: `trade-chat:${tradeId}`, n: 2 }, { topic: `trade-chat:${other}`, n: 1 }]);
  });

  it('is read once the side reads the chat up to the other side’s last message; a later message is not', async () => {
    const { vendor, buyer, open } = await parties();
    const tradeId = await open('ng_bank_transfer');
    const unreadBefore = await unreadCount(vendor);
    const said = async (body: string) => {
      const sent = await server.api.post(`/trades/${tradeId}/messages`, { body }, { token: buyer.key });
      expect(sent.status).toBe(201);
      return sent.body.data.seq as string;
    };
    const read = async (seq: string) => expect((await server.api.post(`/trades/${tradeId}/messages/read`, { seq }, { token: vendor.key })).status).toBe(200);
    const first = await said('Paying now.');
    const last = await said('Paid, reference FP-2.');
    expect(await unreadCount(vendor)).toBe(unreadBefore + 1);

    // Read up to the first of the two: the second is still unread, and so is the notice.
    await read(first);
    expect((await notices(vendor, 'New message on a trade (test)')).map((n) => n.readAt)).toEqual([null]);
    // Up to the last: the notice is read, and the bell's count with it.
    await read(last);
    expect((await notices(vendor, 'New message on a trade (test)')).map((n) => n.readAt)).toEqual([expect.any(String)]);
    expect(await unreadCount(vendor)).toBe(unreadBefore);
    // The side's own message after it does not count against the mark; the other side's next message is a new notice.
    await say(tradeId, vendor, 'Thanks, checking.');
    await said('Any news?');
    expect((await notices(vendor, 'New message on a trade (test)')).map((n) => n.readAt === null)).toEqual([true, false]);
    // The buyer's notice of the vendor's message is the buyer's to read: the vendor's mark leaves it.
    expect((await notices(buyer, 'New message on a trade (test)')).map((n) => n.readAt)).toEqual([null]);
  });

  it('leaves the steps to their own notifications: the platform’s messages tell no one of a chat message', async () => {
    const { vendor, buyer, open } = await parties();
    const tradeId = await open('ng_bank_transfer');
    expect((await server.api.post(`/trades/${tradeId}/paid`, {}, { token: buyer.key })).status).toBe(200);
    expect((await server.api.post(`/trades/${tradeId}/release`, {}, { token: vendor.key })).status).toBe(200);
    expect(await notices(vendor, 'New message on a trade (test)')).toEqual([]);
    expect(await notices(buyer, 'New message on a trade (test)')).toEqual([]);
    expect(await notices(vendor, 'Trade marked paid (test)')).toHaveLength(1);
  });
});

describe('feedback notifications', () => {
  it('tells the business rated, once until read: a change before then rewrites that notice, a change after is a new one', async () => {
    const { vendor, buyer, open } = await parties();
    const tradeId = await open('fipay_balance');
    const path = `/trades/${tradeId}/feedback`;

    expect((await server.api.post(path, { rating: 'positive', comment: 'Fast and polite.' }, { token: buyer.key })).status).toBe(200);
    expect(await notices(vendor, 'New feedback (test)')).toMatchObject([{ message: 'The buyer left you positive feedback on the trade of 10 USDT: "Fast and polite."', readAt: null }]);
    expect(await notices(buyer, 'New feedback (test)')).toEqual([]);

    // Changed before the vendor read it: the one notice says what stands now.
    expect((await server.api.post(path, { rating: 'negative', comment: 'Slow to answer in the end.' }, { token: buyer.key })).status).toBe(200);
    const changed = await server.api.get('/notification/user?page=1&pageSize=50', { token: vendor.accessToken });
    const aboutFeedback = (changed.body.data.notifications as Notice[]).filter((n) => /feedback/i.test(n.title));
    expect(aboutFeedback).toMatchObject([{ title: 'Feedback changed (test)', message: 'The buyer changed its feedback on you to negative feedback on the trade of 10 USDT: "Slow to answer in the end."', readAt: null }]);

    // Read, then changed again: a new notice; the read one stays as it was.
    expect((await server.api.request('PATCH', `/api/v1/notification/${aboutFeedback[0]!.id}/read`, { token: vendor.accessToken, body: {} })).status).toBe(200);
    expect((await server.api.post(path, { rating: 'positive' }, { token: buyer.key })).status).toBe(200);
    const after = ((await server.api.get('/notification/user?page=1&pageSize=50', { token: vendor.accessToken })).body.data.notifications as Notice[]).filter((n) => /feedback/i.test(n.title));
    expect(after).toMatchObject([
      { title: 'Feedback changed (test)', message: 'The buyer changed its feedback on you to positive feedback on the trade of 10 USDT.', readAt: null },
      { title: 'Feedback changed (test)', message: expect.stringContaining('to negative'), readAt: expect.any(String) },
    ]);

    // The vendor's feedback tells the buyer.
    expect((await server.api.post(path, { rating: 'positive' }, { token: vendor.key })).status).toBe(200);
    expect(await notices(buyer, 'New feedback (test)')).toMatchObject([{ message: 'The seller left you positive feedback on the trade of 10 USDT.', readAt: null }]);
  });
});
