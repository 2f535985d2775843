import { marketMessages as text } from '@fipay/contracts/marketplace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { as, marketFixtures, refusal, USDT } from '../../test/market-fixtures';
import { ledgerDiscrepancies, walletBalances } from '../ledger/ledger';
import { freezeWallet } from '../ledger/wallet-freezes';
import { refreshRates } from '../rates/rates';
import { createOffer, findOffer, setOfferStatus, type OfferInput } from './offers';
import { cancelTrade, disputeTrade, fiatFor, findTrade, markPaid, openTrade, releaseTrade, ruleOnTrade, sweepTradeTimers } from './trades';

let server: TestServer;
const limits = { unapproved: { trade: '100000000000', send: '10000' }, approved: { trade: '100000000000', send: '100000000000' } };
const tiers = { ...limits, tier_2: limits.approved, tier_3: limits.approved };

beforeAll(async () => {
  server = await startTestServer({ env: { DAILY_LIMITS: JSON.stringify(tiers), MARKET_MAKER_FEE_BPS: '50', MARKET_TAKER_FEE_BPS: '25', MARKET_MAX_AWAITING: '2' } });
  await refreshRates(server.app.ctx);
});
afterAll(() => server.close());

const { newCompany, fund, addMethod, sellingVendor: vendorSelling } = marketFixtures(() => server);
const sellingVendor = (offer: Partial<OfferInput> = {}) => vendorSelling({ offer });
const ctx = () => server.app.ctx;
const balance = async (company: { id: string }, asset: string) => {
  const b = (await walletBalances(server.db, company.id, false)).get(asset as 'USD');
  return { available: b?.available ?? 0n };
};
const escrowOf = async (company: { id: string }, asset: string) => {
  const { rows } = await server.db.query<{ balance: string }>("SELECT balance::text AS balance FROM ledger_accounts WHERE company_id = $1 AND livemode = false AND code = 'escrow' AND currency = $2", [
    company.id,
    asset,
  ]);
  return BigInt(rows[0]?.balance ?? '0');
};
const counts = async () =>
  (await server.db.query<{ trades: string; entries: string }>("SELECT (SELECT count(*) FROM trades) AS trades, (SELECT count(*) FROM journal_entries WHERE kind LIKE 'trade.%') AS entries")).rows[0]!;


describe('marketplace trades', () => {
  it('trades by FiPay balance at once: one entry swaps both legs, fees to the platform, the offer shrinks', async () => {
    const { vendor, offer } = await sellingVendor();
    const buyer = await newCompany();
    await fund(buyer, 'NGN', 10_000_000n);
    const trade = await openTrade(ctx(), as(buyer), { offerId: offer.id, amount: USDT(20), method: 'fipay_balance' });
    expect(trade).toMatchObject({ status: 'completed', sellerCompanyId: vendor.id, buyerCompanyId: buyer.id, price: 165_000n, fiatAmount: 3_300_000n });
    // The vendor is the maker (0.50 %, on top of what it sells), the buyer the taker (0.25 %, out of what it gets).
    expect(trade.sellerFee).toBe(100_000n);
    expect(trade.buyerFee).toBe(50_000n);
    expect(await balance(vendor, 'USDT')).toEqual({ available: USDT(1000) - USDT(20) - 100_000n });
    expect(await balance(buyer, 'USDT')).toEqual({ available: USDT(20) - 50_000n });
    expect(await balance(buyer, 'NGN')).toEqual({ available: 10_000_000n - 3_300_000n });
    expect(await balance(vendor, 'NGN')).toEqual({ available: 3_300_000n });
    expect((await findOffer(server.db, false, offer.id))!.remaining).toBe(USDT(80));
    const entries = await server.db.query("SELECT kind FROM journal_entries WHERE reference = $1", [trade.id]);
    expect(entries.rows).toEqual([{ kind: 'trade.swap' }]);
    const events = await server.db.query<{ type: string; company_id: string }>("SELECT type, company_id FROM events WHERE data->'object'->>'id' = $1 ORDER BY company_id", [trade.id]);
    expect(events.rows.map((e) => e.type)).toEqual(['trade.completed', 'trade.completed']);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('by bank transfer: escrow at opening, paid by the buyer, released by the seller; each step only by its party and in turn', async () => {
    const { vendor, offer, account } = await sellingVendor();
    const buyer = await newCompany();
    const trade = await openTrade(ctx(), as(buyer), { offerId: offer.id, amount: USDT(10), method: 'ng_bank_transfer' });
    expect(trade).toMatchObject({ status: 'awaiting_payment', paymentMethodId: account, fiatAmount: 1_650_000n });
    expect(await escrowOf(vendor, 'USDT')).toBe(USDT(10) + 50_000n);
    expect(await balance(vendor, 'USDT')).toEqual({ available: USDT(990) - 50_000n });
    // The wallet shows the escrow as money set aside.
    expect((await walletBalances(server.db, vendor.id, false)).get('USDT')!.held).toBe(USDT(10) + 50_000n);

    expect((await refusal(releaseTrade(ctx(), as(vendor), trade.id))).message).toBe(text.outOfTurn('awaiting_payment'));
    expect((await refusal(markPaid(ctx(), as(vendor), trade.id))).message).toBe(text.onlyBuyer);
    const stranger = await newCompany();
    expect((await refusal(markPaid(ctx(), as(stranger), trade.id))).code).toBe('NOT_FOUND');
    expect((await refusal(markPaid(ctx(), as(buyer, true), trade.id))).code).toBe('NOT_FOUND');

    const paid = await markPaid(ctx(), as(buyer), trade.id);
    expect(paid.status).toBe('paid');
    expect(paid.releaseBy).not.toBeNull();
    expect((await refusal(markPaid(ctx(), as(buyer), trade.id))).message).toBe(text.outOfTurn('paid'));
    expect((await refusal(releaseTrade(ctx(), as(buyer), trade.id))).message).toBe(text.onlySeller);

    const done = await releaseTrade(ctx(), as(vendor), trade.id);
    expect(done.status).toBe('completed');
    expect(await escrowOf(vendor, 'USDT')).toBe(0n);
    expect(await balance(buyer, 'USDT')).toEqual({ available: USDT(10) - 25_000n });
    expect((await refusal(cancelTrade(ctx(), as(buyer), trade.id))).message).toBe(text.outOfTurn('completed'));
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);

    // Each step is emailed to the side that must act or know, never to the side that took it, with the trade's link.
    const { rows: mails } = await server.db.query<{ recipient: string; subject: string }>(
      "SELECT recipient, subject FROM outbox_emails WHERE kind = 'trade_update' AND recipient = ANY($1) ORDER BY id",
      [[vendor.email, buyer.email]],
    );
    expect(mails.map((m) => [m.recipient, m.subject])).toEqual([
      [vendor.email, '[Test] New trade'],
      [vendor.email, '[Test] Trade marked paid'],
      [buyer.email, '[Test] Trade completed'],
    ]);
    // As the SMTP server received it (the outbox clears a sent email's body).
    let paidMail = await server.mail.waitFor(vendor.email);
    while (paidMail.subject !== '[Test] Trade marked paid') paidMail = await server.mail.waitFor(vendor.email);
    expect(paidMail.text).toContain('The buyer says it paid 16,500.00 NGN.');
    expect(paidMail.text).toContain(`Open the trade: ${ctx().config.appUrl}/dashboard/trades/${trade.id}`);
  });

  it('a cancel returns the escrow and the amount to the offer: the buyer alone before paying, both sides after', async () => {
    const { vendor, offer } = await sellingVendor({ total: USDT(20), maxTrade: USDT(20) });
    const buyer = await newCompany();
    const first = await openTrade(ctx(), as(buyer), { offerId: offer.id, amount: USDT(20), method: 'ng_bank_transfer' });
    expect((await findOffer(server.db, false, offer.id))!.status).toBe('exhausted');
    const cancelled = await cancelTrade(ctx(), as(buyer), first.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'buyer' });
    expect(await findOffer(server.db, false, offer.id)).toMatchObject({ status: 'active', remaining: USDT(20) });
    expect(await escrowOf(vendor, 'USDT')).toBe(0n);
    expect(await balance(vendor, 'USDT')).toEqual({ available: USDT(1000) });

    const second = await openTrade(ctx(), as(buyer), { offerId: offer.id, amount: USDT(15), method: 'ng_bank_transfer' });
    await markPaid(ctx(), as(buyer), second.id);
    // Paid: the buyer alone cannot take it back.
    expect(await cancelTrade(ctx(), as(buyer), second.id)).toMatchObject({ status: 'paid', buyerAskedCancel: true });
    expect(await cancelTrade(ctx(), as(vendor), second.id)).toMatchObject({ status: 'cancelled', cancelReason: 'both' });
    expect(await balance(vendor, 'USDT')).toEqual({ available: USDT(1000) });
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('timers: an unpaid trade is cancelled when its window runs out, an unreleased one goes to dispute; a ruling ends it', async () => {
    const { vendor, offer } = await sellingVendor();
    const buyer = await newCompany();
    const unpaid = await openTrade(ctx(), as(buyer), { offerId: offer.id, amount: USDT(10), method: 'ng_bank_transfer' });
    const paid = await openTrade(ctx(), as(buyer), { offerId: offer.id, amount: USDT(12), method: 'ng_bank_transfer' });
    await markPaid(ctx(), as(buyer), paid.id);
    // The buyer may not dispute before the release window has passed; the seller may at once (not done here).
    expect((await refusal(disputeTrade(ctx(), as(buyer), paid.id))).code).toBe('CONFLICT');

    const later = new Date(Date.now() + 2 * 60 * 60_000);
    const swept = await sweepTradeTimers(ctx(), later);
    expect(swept.cancelled).toBeGreaterThanOrEqual(1);
    expect(swept.disputed).toBeGreaterThanOrEqual(1);
    expect(await findTrade(server.db, as(buyer), unpaid.id)).toMatchObject({ status: 'cancelled', cancelReason: 'timeout' });
    expect(await findTrade(server.db, as(buyer), paid.id)).toMatchObject({ status: 'disputed', disputedBy: 'system' });
    expect(await escrowOf(vendor, 'USDT')).toBe(USDT(12) + 60_000n);

    const { rows } = await server.db.query<{ id: string }>("INSERT INTO reviewers (email, name, role) VALUES ($1, 'Ada Agent', 'admin') RETURNING id", [`agent-${Date.now()}@fipay.test`]);
    const split = await ruleOnTrade(ctx(), rows[0]!.id, paid.id, { outcome: 'split', buyerAmount: USDT(5), reason: 'The buyer proved part of the payment.' });
    expect(split).toMatchObject({ status: 'resolved', ruling: 'split', rulingBuyerAmount: USDT(5) });
    const audit = await server.db.query<{ company_id: string; actor_name: string; after: { ruling: string; reason: string } }>(
      "SELECT company_id, actor_name, after FROM audit_log WHERE action = 'trade.ruled' AND after->>'trade' = $1 ORDER BY company_id",
      [paid.id],
    );
    expect(audit.rows.map((row) => row.company_id).sort()).toEqual([vendor.id, buyer.id].sort());
    expect(audit.rows[0]).toMatchObject({ actor_name: 'Ada Agent', after: { ruling: 'split', reason: 'The buyer proved part of the payment.' } });
    expect(await escrowOf(vendor, 'USDT')).toBe(0n);
    expect(await balance(buyer, 'USDT')).toEqual({ available: USDT(5) });
    expect((await refusal(ruleOnTrade(ctx(), rows[0]!.id, paid.id, { outcome: 'release', reason: 'Again.' }))).code).toBe('CONFLICT');
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('refuses bad trades and moves nothing', async () => {
    const { vendor, offer } = await sellingVendor();
    const buyer = await newCompany();
    const before = await counts();
    const open = (amount: bigint, method: 'fipay_balance' | 'ng_bank_transfer' | 'foreign_bank_transfer' = 'ng_bank_transfer', who = buyer) =>
      refusal(openTrade(ctx(), as(who), { offerId: offer.id, amount, method }));
    expect((await refusal(openTrade(ctx(), as(vendor), { offerId: offer.id, amount: USDT(10), method: 'fipay_balance' }))).message).toBe(text.ownOffer);
    expect((await open(USDT(9))).message).toBe(text.amountBelowMin('10 USDT'));
    expect((await open(USDT(51))).message).toBe(text.amountAboveMax('50 USDT'));
    expect((await open(USDT(10), 'foreign_bank_transfer')).message).toBe(text.methodNotAccepted);
    // By balance with no naira: the buyer's side is short.
    expect((await open(USDT(10), 'fipay_balance')).message).toBe(text.buyerBalanceShort('NGN'));
    expect((await refusal(openTrade(ctx(), as(buyer, true), { offerId: offer.id, amount: USDT(10), method: 'fipay_balance' }))).code).toBe('NOT_FOUND');
    expect((await refusal(openTrade(ctx(), as(buyer), { offerId: 'not-an-id', amount: USDT(10), method: 'fipay_balance' }))).code).toBe('NOT_FOUND');
    expect(await counts()).toEqual(before);

    // A seller whose balance is short, then frozen: refused, nothing written.
    const poor = await sellingVendor();
    await server.db.query("UPDATE offers SET total = $2, remaining = $2, max_trade = $2 WHERE id = $1", [poor.offer.id, USDT(5000).toString()]);
    expect((await refusal(openTrade(ctx(), as(buyer), { offerId: poor.offer.id, amount: USDT(2000), method: 'ng_bank_transfer' }))).message).toBe(text.balanceShort('USDT'));
    const { rows } = await server.db.query<{ id: string }>("INSERT INTO reviewers (email, name, role) VALUES ($1, 'Fola Freezer', 'admin') RETURNING id", [`freezer-${Date.now()}@fipay.test`]);
    await server.db.transaction((tx) => freezeWallet(tx, { companyId: poor.vendor.id, livemode: false, reviewerId: rows[0]!.id, reason: 'Suspected account takeover.' }));
    expect((await refusal(openTrade(ctx(), as(buyer), { offerId: poor.offer.id, amount: USDT(10), method: 'ng_bank_transfer' }))).message).toBe(text.frozen);
    expect(await counts()).toEqual(before);
    expect((await findOffer(server.db, false, poor.offer.id))!.remaining).toBe(USDT(5000));

    // A buyer may have two trades awaiting its payment here (MARKET_MAX_AWAITING=2); a third waits.
    await openTrade(ctx(), as(buyer), { offerId: offer.id, amount: USDT(10), method: 'ng_bank_transfer' });
    await openTrade(ctx(), as(buyer), { offerId: offer.id, amount: USDT(10), method: 'ng_bank_transfer' });
    expect((await open(USDT(10))).message).toBe(text.tooManyAwaiting(2));

    // The vendor's receiving account removed since the offer was posted: the offer takes no bank-transfer trades.
    const moved = await sellingVendor();
    await server.db.query('UPDATE payment_methods SET removed_at = now() WHERE id = $1', [moved.account]);
    expect((await refusal(openTrade(ctx(), as(buyer), { offerId: moved.offer.id, amount: USDT(10), method: 'ng_bank_transfer' }))).message).toBe(text.offerNotActive);

    // A paused offer takes no trades; closing is final.
    await setOfferStatus(server.db, as(vendor), offer.id, 'paused');
    expect((await open(USDT(10))).message).toBe(text.offerNotActive);
    await setOfferStatus(server.db, as(vendor), offer.id, 'closed');
    expect((await refusal(setOfferStatus(server.db, as(vendor), offer.id, 'active'))).code).toBe('CONFLICT');
    expect((await refusal(setOfferStatus(server.db, as(buyer), offer.id, 'paused'))).code).toBe('NOT_FOUND');
  });

  it('a buying vendor: the taker sells, names its own account, and its asset goes into escrow', async () => {
    const vendor = await newCompany();
    const offer = await createOffer(ctx(), as(vendor), {
      side: 'buy',
      asset: 'ETH',
      fiat: 'USD',
      marginBps: 100,
      total: 10n ** 19n,
      minTrade: 1n,
      maxTrade: 10n ** 19n,
      methods: [{ method: 'foreign_bank_transfer' }],
    });
    const seller = await newCompany();
    await fund(seller, 'ETH', 3n * 10n ** 18n);
    expect((await refusal(openTrade(ctx(), as(seller), { offerId: offer.id, amount: 10n ** 18n, method: 'foreign_bank_transfer' }))).message).toBe(
      text.methodNeedsAccount('Foreign bank transfer'),
    );
    const account = await addMethod(seller, { kind: 'us_account' });
    const amount = 1_234_567_890_123_456_789n;
    const trade = await openTrade(ctx(), as(seller), { offerId: offer.id, amount, method: 'foreign_bank_transfer', paymentMethodId: account });
    expect(trade).toMatchObject({ sellerCompanyId: seller.id, buyerCompanyId: vendor.id, takerCompanyId: seller.id, paymentMethodId: account });
    // The price is the market's plus 1 %, in cents per whole ether; what the buyer pays is rounded up to the cent.
    expect(trade.fiatAmount).toBe(fiatFor('ETH', amount, trade.price));
    expect(trade.fiatAmount * 10n ** 18n).toBeGreaterThanOrEqual(amount * trade.price);
    expect(await escrowOf(seller, 'ETH')).toBe(amount + trade.sellerFee);
  });
});
