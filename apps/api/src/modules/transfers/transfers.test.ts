import { messages } from '@fipay/contracts/messages';
import { transferMessages } from '@fipay/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { ledgerDiscrepancies, post, walletBalances } from '../ledger/ledger';
import { freezeWallet } from '../ledger/wallet-freezes';
import { refreshRates } from '../rates/rates';

let server: TestServer;
/** Send limits out of the way of the other tests; a business not yet approved (test mode) may send 100 USD a day. */
const limits = { unapproved: { trade: '10000', send: '10000' }, approved: { trade: '100000000000', send: '100000000000' } };
const tiers = { ...limits, tier_2: limits.approved, tier_3: limits.approved };

beforeAll(async () => {
  // 50 sends at once from one key: above the test mode's 25 a second, which is not what these tests are about.
  server = await startTestServer({ env: { DAILY_LIMITS: JSON.stringify(tiers) }, rateRules: { merchantTestPerKey: { limit: 200, windowSeconds: 1 } } });
  await refreshRates(server.app.ctx);
});
afterAll(() => server.close());

type Company = Awaited<ReturnType<typeof login>> & { email: string; key: string; id: string };

let tags = 0;
/** A signed-up company with a test secret key, approved unless told not to, with a FiPay tag when named. */
async function newCompany(options: { approved?: boolean; tag?: boolean } = {}): Promise<Company & { tag: string | null }> {
  const user = await createVerifiedUser(server);
  const session = await login(server, user);
  const key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  if (options.approved !== false) {
    await server.db.query(
      `INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED') ON CONFLICT (company_id) DO UPDATE SET status = 'APPROVED'`,
      [session.user.companyId],
    );
  }
  let tag: string | null = null;
  if (options.tag !== false) {
    tag = `tr_${Date.now().toString(36).slice(-6)}${(tags += 1)}`;
    expect((await server.api.request('PUT', '/api/v1/tag', { token: session.accessToken, body: { tag } })).status).toBe(200);
  }
  return { ...session, email: user.email, key, id: session.user.companyId, tag };
}

let funds = 0;
/** Test money into a company's available balance, straight on the ledger. */
async function fund(company: { id: string }, asset: string, amount: bigint) {
  await server.db.transaction((tx) =>
    post(tx, {
      livemode: false,
      companyId: company.id,
      kind: 'test_funds',
      reference: `test-fund-${(funds += 1)}`,
      lines: [
        { account: { code: 'test_faucet', currency: asset as 'USD' }, amount },
        { account: { companyId: company.id, code: 'available', currency: asset as 'USD' }, amount: -amount },
      ],
    }),
  );
}

const available = async (company: { id: string }, asset: string, livemode = false) => (await walletBalances(server.db, company.id, livemode)).get(asset as 'USD')?.available ?? 0n;
const send = (auth: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => server.api.post('/transfers', body, { token: auth, headers });
const preview = (auth: string, body: Record<string, unknown>) => server.api.post('/transfers/preview', body, { token: auth });
const entries = async () => Number((await server.db.query<{ n: string }>("SELECT count(*) AS n FROM journal_entries WHERE kind = 'transfer'")).rows[0]!.n);

describe('transfers between businesses', () => {
  it('previews, then sends by tag and by email at once: one entry, both balances, events, notices, and both sides see it', async () => {
    const [alice, bob] = [await newCompany(), await newCompany()];
    await fund(alice, 'USDT', 500_000_000n);

    const seen = await preview(alice.key, { asset: 'USDT', amount: '125500000', to: `@${bob.tag!.toUpperCase()}` });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ recipient: { tag: bob.tag, display: `@${bob.tag}` }, asset: 'USDT', amount: '125500000', fee: '0', codeRequired: null });
    expect(BigInt(seen.body.data.usdCents)).toBeGreaterThan(10_000n);
    expect(await entries()).toBe(0);

    const sent = await send(alice.key, { asset: 'USDT', amount: '125500000', to: `@${bob.tag}`, note: 'Invoice 17' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(transferMessages.sent);
    expect(sent.body.data).toMatchObject({ direction: 'sent', asset: 'USDT', amount: '125500000', fee: '0', note: 'Invoice 17', livemode: false, counterparty: { tag: bob.tag } });
    const byEmail = await send(alice.key, { asset: 'USDT', amount: '1', to: bob.email.toUpperCase() });
    expect(byEmail.status).toBe(201);
    expect(await available(alice, 'USDT')).toBe(500_000_000n - 125_500_001n);
    expect(await available(bob, 'USDT')).toBe(125_500_001n);

    // Seen from the recipient's side, and nowhere else.
    const got = await server.api.get(`/transfers/${sent.body.data.id}`, { token: bob.key });
    expect(got.body.data).toMatchObject({ id: sent.body.data.id, direction: 'received', counterparty: { tag: alice.tag } });
    const stranger = await newCompany();
    expect((await server.api.get(`/transfers/${sent.body.data.id}`, { token: stranger.key })).status).toBe(404);
    expect((await server.api.get('/transfers/not-a-uuid', { token: stranger.key })).status).toBe(404);
    const page = await server.api.get('/transfers?direction=received&limit=1', { token: bob.key });
    expect(page.body.data.transfers.map((t: { amount: string }) => t.amount)).toEqual(['1']);
    const next = await server.api.get(`/transfers?direction=received&limit=1&before=${page.body.data.nextBefore}`, { token: bob.key });
    expect(next.body.data).toMatchObject({ transfers: [{ amount: '125500000' }], nextBefore: null });
    expect((await server.api.get('/transfers?asset=ETH', { token: bob.key })).body.data.transfers).toEqual([]);

    // On each side's wallet statement, the other business is the counterparty.
    const statement = await server.api.get('/wallet/USDT/statement', { token: bob.key });
    expect(statement.body.data.lines.map((line: { amount: string; counterparty: { tag: string } | null }) => [line.amount, line.counterparty?.tag])).toEqual([
      ['1', alice.tag],
      ['125500000', alice.tag],
    ]);
    const aliceStatement = await server.api.get('/wallet/USDT/statement?limit=1', { token: alice.key });
    expect(aliceStatement.body.data.lines[0]).toMatchObject({ amount: '-1', counterparty: { tag: bob.tag } });
    // Events for each side, with each side's view.
    const events = async (key: string) => (await server.api.get('/events?pageSize=100', { token: key })).body.data.events as { type: string; data: { object: { id: string } } }[];
    expect((await events(alice.key)).filter((e) => e.type.startsWith('transfer.')).map((e) => e.type)).toEqual(['transfer.sent', 'transfer.sent']);
    expect((await events(bob.key)).filter((e) => e.type === 'transfer.received').map((e) => e.data.object.id)).toContain(sent.body.data.id);
    const notices = await server.db.query<{ title: string; company_id: string }>(
      "SELECT n.title, u.company_id FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.title LIKE 'Transfer%' AND u.company_id = ANY($1::uuid[])",
      [[alice.id, bob.id]],
    );
    expect(notices.rows.filter((row) => row.company_id === bob.id).map((row) => row.title)).toEqual(['Transfer received (test)', 'Transfer received (test)']);
    const mail = await server.mail.waitFor(bob.email);
    expect(mail.subject).toMatch(/^\[Test\] .* sent you 125\.5 USDT$/);
    expect(mail.text).toContain('Their note: Invoice 17');
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with the same transfer, moving the money once', async () => {
    const [alice, bob] = [await newCompany(), await newCompany()];
    await fund(alice, 'NGN', 10_000n);
    const before = await entries();
    const body = { asset: 'NGN', amount: '2500', to: bob.tag };
    const first = await send(alice.key, body, { 'Idempotency-Key': 'transfer-once-1' });
    const again = await send(alice.key, body, { 'Idempotency-Key': 'transfer-once-1' });
    expect(first.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    // The same key with another amount is another request: refused, not answered with the first.
    expect((await send(alice.key, { ...body, amount: '2501' }, { 'Idempotency-Key': 'transfer-once-1' })).status).toBe(422);
    expect(await entries()).toBe(before + 1);
    expect(await available(bob, 'NGN')).toBe(2_500n);
  });

  it('refuses each bad request with a clear error and moves nothing', async () => {
    const [alice, bob] = [await newCompany(), await newCompany()];
    const unapproved = await newCompany({ approved: false });
    await fund(alice, 'BTC', 100_000n);
    const before = await entries();
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ asset: 'BTC', amount: '1.5', to: bob.tag }, 400, /whole number of the smallest unit/],
      [{ asset: 'BTC', amount: '0', to: bob.tag }, 400, transferMessages.amountZero],
      [{ asset: 'BTC', amount: '-5', to: bob.tag }, 400, /whole number of the smallest unit/],
      [{ asset: 'BTC', amount: 5, to: bob.tag }, 400, /./],
      [{ asset: 'BTC', amount: '1'.repeat(79), to: bob.tag }, 400, /./],
      [{ asset: 'XRP', amount: '5', to: bob.tag }, 400, /Choose one of NGN/],
      [{ asset: 'BTC', amount: '5', to: 'not a tag!' }, 400, transferMessages.toInvalid],
      [{ asset: 'BTC', amount: '5', to: '@nobody_has_this_tag' }, 404, transferMessages.recipientNotFound],
      [{ asset: 'BTC', amount: '5', to: 'nobody@example.invalid' }, 404, transferMessages.recipientNotFound],
      [{ asset: 'BTC', amount: '5', to: unapproved.tag }, 404, transferMessages.recipientNotFound],
      [{ asset: 'BTC', amount: '5', to: alice.tag }, 422, transferMessages.recipientIsYou],
      [{ asset: 'BTC', amount: '100001', to: bob.tag }, 422, transferMessages.balanceShort('BTC')],
      [{ asset: 'ETH', amount: '1', to: bob.tag }, 422, transferMessages.balanceShort('ETH')],
      [{ asset: 'BTC', amount: '5', to: bob.tag, note: 'x'.repeat(141) }, 400, /140 characters/],
      [{ asset: 'BTC', amount: '5', to: bob.tag, extra: true }, 400, /./],
    ];
    for (const [body, status, message] of cases) {
      const answer = await send(alice.key, body);
      expect({ body, status: answer.status }).toEqual({ body, status });
      expect(answer.body.isSuccessful).toBe(false);
      expect(JSON.stringify(answer.body)).toMatch(message);
    }
    // Live mode: an unapproved sender is refused before anything else; an approved one without live money is short.
    const unapprovedLive = await send(unapproved.accessToken, { asset: 'BTC', amount: '5', to: bob.tag }, { 'FiPay-Mode': 'live' });
    expect(unapprovedLive.status).toBe(403);
    const live = await send(alice.accessToken, { asset: 'BTC', amount: '5', to: bob.tag }, { 'FiPay-Mode': 'live' });
    expect(live).toMatchObject({ status: 422, body: { message: transferMessages.balanceShort('BTC') } });
    // A stale rate: nothing priced at market goes through.
    await server.db.query("UPDATE rates SET observed_at = observed_at - interval '1 hour'");
    try {
      const stale = await send(alice.key, { asset: 'BTC', amount: '5', to: bob.tag });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toMatch(/out of date/);
    } finally {
      await refreshRates(server.app.ctx);
    }
    expect(await entries()).toBe(before);
    expect(await available(alice, 'BTC')).toBe(100_000n);
  });

  it('asks a dashboard user for a code above the configured value, emailed when there is no authenticator; a secret key needs none', async () => {
    const [alice, bob] = [await newCompany(), await newCompany()];
    await fund(alice, 'USD', 200_000n);
    // 500.00 USD is not above the threshold; 500.01 is.
    expect((await preview(alice.accessToken, { asset: 'USD', amount: '50000', to: bob.tag })).body.data.codeRequired).toBeNull();
    expect((await preview(alice.accessToken, { asset: 'USD', amount: '50001', to: bob.tag })).body.data.codeRequired).toBe('email');
    expect((await preview(alice.key, { asset: 'USD', amount: '50001', to: bob.tag })).body.data.codeRequired).toBeNull();

    const without = await send(alice.accessToken, { asset: 'USD', amount: '50001', to: bob.tag });
    expect(without).toMatchObject({ status: 400, body: { data: { errors: { code: transferMessages.emailCodeRequired } } } });
    const wrong = await send(alice.accessToken, { asset: 'USD', amount: '50001', to: bob.tag, code: '000000' });
    expect(wrong).toMatchObject({ status: 400, body: { message: messages.otpInvalid } });
    expect((await server.api.post('/transfers/code', {}, { token: alice.accessToken })).status).toBe(200);
    const mail = await server.mail.waitFor(alice.email);
    expect(mail.text).toContain('confirm a transfer');
    const code = mail.text.match(/Your code: (\d{6})/)![1]!;
    const sent = await send(alice.accessToken, { asset: 'USD', amount: '50001', to: bob.tag, code });
    expect(sent.status).toBe(201);
    // The code works once.
    expect((await send(alice.accessToken, { asset: 'USD', amount: '50001', to: bob.tag, code })).status).toBe(400);
    expect((await send(alice.key, { asset: 'USD', amount: '50001', to: bob.tag })).status).toBe(201);
    expect((await server.api.post('/transfers/code', {}, { token: alice.key })).status).toBe(403);
    expect(await available(bob, 'USD')).toBe(100_002n);
  });

  it('lets 30 concurrent sends of one balance through exactly as far as it goes, with no discrepancy', async () => {
    const [alice, bob, carol] = [await newCompany(), await newCompany(), await newCompany()];
    await fund(alice, 'ETH', 10n ** 19n);
    await fund(bob, 'ETH', 10n ** 18n);
    // Alice's 10 ETH in 1 ETH sends to Bob and Carol, while Bob sends back: each transfer locks both accounts in one order.
    const sends = [
      ...Array.from({ length: 24 }, (_, i) => send(alice.key, { asset: 'ETH', amount: (10n ** 18n).toString(), to: i % 2 ? bob.tag : carol.tag })),
      ...Array.from({ length: 6 }, () => send(bob.key, { asset: 'ETH', amount: (10n ** 17n).toString(), to: alice.tag })),
    ];
    const answers = await Promise.all(sends);
    const fromAlice = answers.slice(0, 24);
    expect(answers.map((answer) => answer.status).filter((status) => status !== 201 && status !== 422)).toEqual([]);
    const aliceSent = BigInt(fromAlice.filter((answer) => answer.status === 201).length) * 10n ** 18n;
    const bobSent = BigInt(answers.slice(24).filter((answer) => answer.status === 201).length) * 10n ** 17n;
    expect(aliceSent).toBeGreaterThanOrEqual(10n * 10n ** 18n);
    expect(await available(alice, 'ETH')).toBe(10n ** 19n - aliceSent + bobSent);
    const total = (await available(alice, 'ETH')) + (await available(bob, 'ETH')) + (await available(carol, 'ETH'));
    expect(total).toBe(11n * 10n ** 18n);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('counts each send against the daily Send limit at its value in USD: of 50 concurrent sends, exactly those that fit pass', async () => {
    // Not yet approved: test mode only, 100 USD a day.
    const [early, bob] = [await newCompany({ approved: false }), await newCompany()];
    await fund(early, 'USD', 100_000n);
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(early.key, { asset: 'USD', amount: '300', to: bob.tag })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(33);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body).toMatchObject({ isSuccessful: false, data: { code: 'LIMIT_EXCEEDED' } });
    expect(refused.body.message).toMatch(/daily Send limit: 1 USD left today/);
    expect(await available(bob, 'USD')).toBe(9_900n);
    const left = await server.api.get('/limits', { token: early.accessToken });
    expect(left.body.data.limits.find((kind: { kind: string }) => kind.kind === 'send')).toMatchObject({ usedCents: '9900', leftCents: '100' });
    // Refused by the limit, a send moves nothing and keeps no transfer.
    expect((await server.api.get('/transfers?direction=sent&limit=100', { token: early.key })).body.data.transfers).toHaveLength(33);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('refuses to send from a frozen wallet, which still receives, and writes nothing', async () => {
    const [alice, bob] = [await newCompany(), await newCompany()];
    await fund(alice, 'GBP', 10_000n);
    await fund(bob, 'GBP', 10_000n);
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO reviewers (email, name, role) VALUES ($1, 'Freezing Reviewer', 'admin') RETURNING id`,
      [`freezer-${Date.now()}@fipay.ng`],
    );
    await server.db.transaction((tx) => freezeWallet(tx, { companyId: alice.id, livemode: false, reviewerId: rows[0]!.id, reason: 'Suspicious activity under review.' }));
    const before = await entries();
    const refused = await send(alice.key, { asset: 'GBP', amount: '100', to: bob.tag });
    expect(refused).toMatchObject({ status: 409, body: { message: transferMessages.frozen } });
    expect(await entries()).toBe(before);
    expect((await server.api.get('/transfers?direction=sent', { token: alice.key })).body.data.transfers).toEqual([]);
    expect((await send(bob.key, { asset: 'GBP', amount: '100', to: alice.tag })).status).toBe(201);
    expect(await available(alice, 'GBP')).toBe(10_100n);
  });

  it('needs a session or a key on every route', async () => {
    for (const path of ['/transfers', '/transfers/00000000-0000-4000-8000-000000000000']) expect((await server.api.get(path)).status).toBe(401);
    for (const path of ['/transfers', '/transfers/preview', '/transfers/code']) expect((await server.api.post(path, {})).status).toBe(401);
  });
});
