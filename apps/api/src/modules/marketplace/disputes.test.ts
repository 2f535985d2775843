import { disputeMessages } from '@fipay/contracts/trade-disputes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewerAccount, type ReviewerAccount } from '../../test/back-office-fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { withdrawalFixtures } from '../../test/withdrawal-fixtures';
import { ledgerDiscrepancies, walletBalances } from '../ledger/ledger';
import { refreshRates } from '../rates/rates';

/** Disputes over HTTP: each side's statement, the back office's queue, case and ruling (docs/decisions/0086-trade-disputes.md). */
let server: TestServer;
let agent: ReviewerAccount;
beforeAll(async () => {
  server = await startTestServer({ env: { MARKET_MAKER_FEE_BPS: '50', MARKET_TAKER_FEE_BPS: '25' } });
  await refreshRates(server.app.ctx);
  agent = await createReviewerAccount(server, { name: 'Dayo Disputes' });
});
afterAll(() => server.close());

const { newCompany, fund, addMethod } = withdrawalFixtures(() => server);
const USDT = (whole: number) => BigInt(whole) * 1_000_000n;
type Company = Awaited<ReturnType<typeof newCompany>>;

/** A paid trade of 20 USDT by bank transfer (seller's fee 0.50 %, buyer's 0.25 %), disputed by the seller. */
async function disputedTrade(options: { dispute?: boolean } = {}) {
  const seller = await newCompany();
  const buyer = await newCompany();
  const account = await addMethod(seller, { kind: 'ng_bank_account' });
  await fund(seller, 'USDT', USDT(100));
  const offer = await server.api.post(
    '/offers',
    { side: 'sell', asset: 'USDT', fiat: 'NGN', price: '165000', total: String(USDT(50)), minTrade: String(USDT(1)), maxTrade: String(USDT(50)), methods: [{ method: 'ng_bank_transfer', paymentMethodId: account }] },
    { token: seller.key },
  );
  const opened = await server.api.post('/trades', { offerId: offer.body.data.id, amount: String(USDT(20)), method: 'ng_bank_transfer' }, { token: buyer.key });
  expect(opened.status).toBe(201);
  const tradeId = opened.body.data.id as string;
  expect((await server.api.post(`/trades/${tradeId}/paid`, {}, { token: buyer.key })).status).toBe(200);
  if (options.dispute !== false) expect((await server.api.post(`/trades/${tradeId}/dispute`, {}, { token: seller.key })).status).toBe(200);
  return { seller, buyer, tradeId };
}

const usdt = async (company: Company) => (await walletBalances(server.db, company.id, false)).get('USDT')?.available ?? 0n;
const escrow = async (company: Company) =>
  BigInt(
    (await server.db.query<{ balance: string }>("SELECT balance::text AS balance FROM ledger_accounts WHERE company_id = $1 AND livemode = false AND code = 'escrow' AND currency = 'USDT'", [company.id]))
      .rows[0]?.balance ?? '0',
  );
const statement = (tradeId: string, company: Company, body: string) => server.api.post(`/trades/${tradeId}/dispute/statement`, { body }, { token: company.key });
const rule = (tradeId: string, body: object, token = agent.token) => server.api.post(`/admin/disputes/${tradeId}/ruling`, body, { token });
const entryCount = async (tradeId: string) => Number((await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM journal_entries WHERE reference = $1', [tradeId])).rows[0]!.n);

/** Moves a dispute's evidence deadline into the past, as if its hours had run out (the row's guard keeps it fixed otherwise). */
async function deadlinePassed(tradeId: string) {
  await server.db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query("UPDATE trade_disputes SET opened_at = now() - interval '13 hours', evidence_by = now() - interval '1 hour' WHERE trade_id = $1", [tradeId]);
  });
}

describe('trade disputes', () => {
  it('takes one statement per side, editable, each side seeing its own only; refuses strangers, the other mode and a trade not in dispute', async () => {
    const { seller, buyer, tradeId } = await disputedTrade({ dispute: false });
    const stranger = await newCompany();

    const early = await statement(tradeId, buyer, 'I paid on time.');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(disputeMessages.notDisputed);
    expect((await server.api.get(`/trades/${tradeId}`, { token: buyer.key })).body.data.dispute).toBeNull();

    expect((await server.api.post(`/trades/${tradeId}/dispute`, {}, { token: seller.key })).status).toBe(200);
    expect((await statement(tradeId, stranger, 'Let me in.')).status).toBe(404);
    const otherMode = await server.api.request('POST', `/api/v1/trades/${tradeId}/dispute/statement`, { token: buyer.accessToken, headers: { 'FiPay-Mode': 'live' }, body: { body: 'Live?' } });
    expect(otherMode.status).toBe(404);
    const empty = await statement(tradeId, buyer, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.data.errors).toEqual({ body: disputeMessages.statementMissing });
    expect((await statement(tradeId, buyer, 'x'.repeat(4001))).status).toBe(400);
    expect((await server.api.post('/trades/not-a-trade/dispute/statement', { body: 'Hi' }, { token: buyer.key })).status).toBe(404);

    const written = await statement(tradeId, buyer, 'I paid ₦33,000.00 at 10:02 from our GTBank account; receipt in the chat.');
    expect(written.status).toBe(200);
    expect(written.body.message).toBe(disputeMessages.statementSaved);
    expect(written.body.data).toMatchObject({ status: 'open', openedBy: 'seller', canWrite: true, otherWrote: false, mine: { body: 'I paid ₦33,000.00 at 10:02 from our GTBank account; receipt in the chat.' } });
    expect((await statement(tradeId, seller, 'Nothing arrived in our account.')).status).toBe(200);
    const edited = await statement(tradeId, buyer, 'I paid at 10:02; the bank reference is GT-4471.');
    expect(edited.body.data).toMatchObject({ otherWrote: true, mine: { body: 'I paid at 10:02; the bank reference is GT-4471.' } });

    // Each side reads its own statement and only whether the other wrote one.
    const asSeller = (await server.api.get(`/trades/${tradeId}`, { token: seller.key })).body.data;
    expect(asSeller).toMatchObject({ role: 'seller', status: 'disputed', dispute: { mine: { body: 'Nothing arrived in our account.' }, otherWrote: true } });
    expect(JSON.stringify(asSeller)).not.toContain('GT-4471');
    const rows = await server.db.query<{ party: string; body: string }>('SELECT party, body FROM trade_dispute_statements WHERE trade_id = $1 ORDER BY party', [tradeId]);
    expect(rows.rows).toEqual([
      { party: 'buyer', body: 'I paid at 10:02; the bank reference is GT-4471.' },
      { party: 'seller', body: 'Nothing arrived in our account.' },
    ]);
    const audit = await server.db.query<{ company_id: string; action: string }>("SELECT company_id, action FROM audit_log WHERE after->>'trade' = $1 AND action LIKE 'trade.dispute_statement%' ORDER BY id", [tradeId]);
    expect(audit.rows).toEqual([
      { company_id: buyer.id, action: 'trade.dispute_statement_written' },
      { company_id: seller.id, action: 'trade.dispute_statement_written' },
      { company_id: buyer.id, action: 'trade.dispute_statement_edited' },
    ]);
  });

  it('keeps the back office to reviewers, lists open disputes oldest first and shows the case with a missing statement after the deadline', async () => {
    const first = await disputedTrade();
    const second = await disputedTrade();
    await statement(first.tradeId, first.buyer, 'Paid in full.');
    expect((await server.api.post(`/trades/${first.tradeId}/messages`, { body: 'Here is our transfer receipt.' }, { token: first.buyer.key })).status).toBe(201);

    expect((await server.api.get('/admin/disputes')).status).toBe(401);
    // A company's session is recognised and refused (signed in, but not as staff); a secret key is no reviewer's token.
    expect((await server.api.get('/admin/disputes', { token: first.seller.accessToken })).status).toBe(403);
    expect((await server.api.get(`/admin/disputes/${first.tradeId}`, { token: first.seller.key })).status).toBe(401);
    expect((await rule(first.tradeId, { outcome: 'release', reason: 'Mine now.' }, first.buyer.accessToken)).status).toBe(403);
    expect(await entryCount(first.tradeId)).toBe(1);

    const queue = await server.api.get('/admin/disputes?status=open&pageSize=100', { token: agent.token });
    expect(queue.status).toBe(200);
    const ids = queue.body.data.disputes.map((d: { tradeId: string }) => d.tradeId);
    expect(ids.indexOf(first.tradeId)).toBeLessThan(ids.indexOf(second.tradeId));
    expect(queue.body.data.disputes.find((d: { tradeId: string }) => d.tradeId === first.tradeId)).toMatchObject({
      status: 'open',
      asset: 'USDT',
      amount: String(USDT(20)),
      fiatAmount: '3300000',
      openedBy: 'seller',
      sellerWrote: false,
      buyerWrote: true,
      seller: { companyId: first.seller.id },
      buyer: { companyId: first.buyer.id },
    });
    expect(queue.body.data.counts.open).toBeGreaterThanOrEqual(2);

    const before = (await server.api.get(`/admin/disputes/${first.tradeId}`, { token: agent.token })).body.data;
    expect(before.statements).toEqual({ seller: { state: 'awaited', body: null, updatedAt: null }, buyer: { state: 'written', body: 'Paid in full.', updatedAt: expect.any(String) } });
    expect(before.dispute).toMatchObject({ status: 'open', evidenceOpen: true });
    // The whole chat: the platform's steps and what the parties wrote.
    expect(before.chat.messages.filter((m: { author: string }) => m.author === 'system').map((m: { systemEvent: string }) => m.systemEvent)).toEqual(['opened', 'paid', 'disputed']);
    expect(before.chat.messages.at(-1)).toMatchObject({ author: 'buyer', body: 'Here is our transfer receipt.', mine: false });
    const noAttachment = await server.api.get(`/admin/disputes/${first.tradeId}/attachments/${before.chat.messages.at(-1).id}`, { token: agent.token });
    expect(noAttachment.status).toBe(404);
    expect(before.ledger.map((e: { kind: string }) => e.kind)).toEqual(['trade.escrow']);
    expect(before.ledger[0].lines).toEqual(
      expect.arrayContaining([
        { companyId: first.seller.id, account: 'available', currency: 'USDT', amount: String(USDT(20) + 100_000n) },
        { companyId: first.seller.id, account: 'escrow', currency: 'USDT', amount: String(-(USDT(20) + 100_000n)) },
      ]),
    );

    await deadlinePassed(first.tradeId);
    const after = (await server.api.get(`/admin/disputes/${first.tradeId}`, { token: agent.token })).body.data;
    expect(after.statements.seller).toEqual({ state: 'missing', body: null, updatedAt: null });
    expect(after.dispute.evidenceOpen).toBe(false);
    const late = await statement(first.tradeId, first.seller, 'We were away.');
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^The time for statements ended at /);
    expect((await server.api.get(`/trades/${first.tradeId}`, { token: first.seller.key })).body.data.dispute).toMatchObject({ canWrite: false, mine: null, otherWrote: true });

    expect((await server.api.get('/admin/disputes/9d4e2a10-1c3b-4e5f-8a9b-0c1d2e3f4a5b', { token: agent.token })).status).toBe(404);
    expect((await server.api.get('/admin/disputes/nope', { token: agent.token })).status).toBe(404);
  });

  it('releases to the buyer by ruling: escrow to the buyer less its fee, audited, evented, told to both; a second ruling is 409 and moves nothing', async () => {
    const { seller, buyer, tradeId } = await disputedTrade();
    await deadlinePassed(tradeId);
    expect(await escrow(seller)).toBe(USDT(20) + 100_000n);

    const bad = await rule(tradeId, { outcome: 'release', buyerAmount: '5', reason: 'Paid.' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual({ buyerAmount: disputeMessages.splitOnly });
    expect((await rule(tradeId, { outcome: 'release', reason: '  ' })).status).toBe(400);

    const ruled = await rule(tradeId, { outcome: 'release', reason: 'The bank confirmed the buyer’s transfer; the seller wrote nothing.' });
    expect(ruled.status).toBe(200);
    expect(ruled.body.message).toBe(disputeMessages.ruled);
    expect(ruled.body.data).toMatchObject({
      trade: { status: 'resolved' },
      dispute: { status: 'ruled', evidenceOpen: false },
      statements: { seller: { state: 'missing' }, buyer: { state: 'missing' } },
      ruling: { outcome: 'release', buyerAmount: String(USDT(20)), reason: 'The bank confirmed the buyer’s transfer; the seller wrote nothing.', by: { id: agent.id, name: 'Dayo Disputes' } },
    });
    expect(ruled.body.data.ledger.map((e: { kind: string }) => e.kind)).toEqual(['trade.escrow', 'trade.release']);
    expect(await escrow(seller)).toBe(0n);
    expect(await usdt(buyer)).toBe(USDT(20) - 50_000n);
    expect(await usdt(seller)).toBe(USDT(80) - 100_000n);

    const audit = await server.db.query<{ company_id: string; actor_id: string }>("SELECT company_id, actor_id FROM audit_log WHERE action = 'trade.ruled' AND after->>'trade' = $1", [tradeId]);
    expect(audit.rows.map((row) => row.company_id).sort()).toEqual([seller.id, buyer.id].sort());
    expect(audit.rows.every((row) => row.actor_id === agent.id)).toBe(true);
    const events = await server.db.query<{ company_id: string }>("SELECT company_id FROM events WHERE type = 'trade.resolved' AND data->'object'->>'id' = $1", [tradeId]);
    expect(events.rows.map((row) => row.company_id).sort()).toEqual([seller.id, buyer.id].sort());
    for (const company of [seller, buyer]) {
      const notices = await server.db.query<{ message: string }>('SELECT n.message FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.company_id = $1 AND n.title LIKE $2', [company.id, 'Dispute decided%']);
      expect(notices.rows).toHaveLength(1);
      expect(notices.rows[0]!.message).toContain('The bank confirmed the buyer’s transfer; the seller wrote nothing.');
      // The email's text may already be sent and cleared by the outbox worker; its row and subject stay.
      const emails = await server.db.query<{ subject: string }>("SELECT subject FROM outbox_emails WHERE kind = 'trade_update' AND recipient = $1 AND subject LIKE '%Dispute decided'", [company.email]);
      expect(emails.rows.map((row) => row.subject)).toEqual(['[Test] Dispute decided']);
    }

    const entries = await entryCount(tradeId);
    const again = await rule(tradeId, { outcome: 'return', reason: 'Changed my mind.' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(disputeMessages.alreadyDecided('ruled'));
    expect(await entryCount(tradeId)).toBe(entries);
    expect(await usdt(buyer)).toBe(USDT(20) - 50_000n);
    expect((await statement(tradeId, buyer, 'Thanks.')).body.message).toBe(disputeMessages.disputeEnded);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('returns to the seller, or splits, moving the escrow as ruled; a seller releasing after all withdraws the dispute', async () => {
    const returned = await disputedTrade();
    await statement(returned.tradeId, returned.seller, 'No money came.');
    await statement(returned.tradeId, returned.buyer, 'I could not pay in the end.');
    const back = await rule(returned.tradeId, { outcome: 'return', reason: 'The buyer says it did not pay.' });
    expect(back.status).toBe(200);
    expect(back.body.data.ruling).toMatchObject({ outcome: 'return', buyerAmount: '0' });
    expect(back.body.data.ledger.map((e: { kind: string }) => e.kind)).toEqual(['trade.escrow', 'trade.return']);
    expect(await escrow(returned.seller)).toBe(0n);
    expect(await usdt(returned.seller)).toBe(USDT(100));
    expect(await usdt(returned.buyer)).toBe(0n);

    const split = await disputedTrade();
    const tooMuch = await rule(split.tradeId, { outcome: 'split', buyerAmount: String(USDT(20)), reason: 'Half each.' });
    expect(tooMuch.status).toBe(400);
    const halves = await rule(split.tradeId, { outcome: 'split', buyerAmount: String(USDT(8)), reason: 'The buyer paid 40 % of the naira.' });
    expect(halves.status).toBe(200);
    expect(halves.body.data.ledger.map((e: { kind: string }) => e.kind)).toEqual(['trade.escrow', 'trade.split']);
    expect(await escrow(split.seller)).toBe(0n);
    expect(await usdt(split.buyer)).toBe(USDT(8));
    // The rest and the seller's fee back to the seller: no fee is charged on a split.
    expect(await usdt(split.seller)).toBe(USDT(92));

    const released = await disputedTrade();
    expect((await server.api.post(`/trades/${released.tradeId}/release`, {}, { token: released.seller.key })).status).toBe(200);
    const withdrawn = await rule(released.tradeId, { outcome: 'return', reason: 'Too late.' });
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body.message).toBe(disputeMessages.alreadyDecided('withdrawn'));
    const queue = await server.api.get('/admin/disputes?status=withdrawn&pageSize=100', { token: agent.token });
    expect(queue.body.data.disputes.map((d: { tradeId: string }) => d.tradeId)).toContain(released.tradeId);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('opens a dispute with its deadline when the release window runs out', async () => {
    const { tradeId } = await disputedTrade({ dispute: false });
    const { sweepTradeTimers } = await import('./trades');
    await sweepTradeTimers(server.app.ctx, new Date(Date.now() + 2 * 60 * 60_000));
    const { rows } = await server.db.query<{ opened_by: string; hours: number }>(
      'SELECT opened_by, round(extract(epoch FROM evidence_by - opened_at) / 3600)::int AS hours FROM trade_disputes WHERE trade_id = $1',
      [tradeId],
    );
    expect(rows).toEqual([{ opened_by: 'system', hours: 12 }]);
  });
});
