import { limitMessages } from '@fipay/contracts/daily-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { createReviewerAccount, mailWithSubject, REVIEWER_PASSWORD, startEnrolment, type ReviewerAccount } from '../../test/back-office-fixtures';
import { createReviewer } from '../back-office/reviewers';
import { createVerifiedUser, login } from '../../test/fixtures';
import { sampleFiles, uploadFile } from '../../test/kyb-fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { consumeLimit, consumeLimits, limitsLeft, type Consumption } from './limits';

let server: TestServer;
let reviewer: ReviewerAccount;
let admin: ReviewerAccount;
beforeAll(async () => {
  server = await startTestServer({ rateRules: { limitRequestsPerCompany: { limit: 3, windowSeconds: 3600 }, signupPerIp: { limit: 1000, windowSeconds: 3600 } } });
  [reviewer, admin] = await Promise.all([createReviewerAccount(server), createReviewerAccount(server, { role: 'admin' })]);
});
afterAll(() => server.close());

type Session = Awaited<ReturnType<typeof login>> & { email: string };

async function newCompany({ approved = false } = {}): Promise<Session> {
  const user = await createVerifiedUser(server);
  const session = { ...(await login(server, user)), email: user.email };
  if (approved) await approve(session);
  return session;
}

async function approve(session: Session) {
  await server.db.query(
    `INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED') ON CONFLICT (company_id) DO UPDATE SET status = 'APPROVED'`,
    [session.user.companyId],
  );
}

const live = { 'fipay-mode': 'live' };
const limits = (session: Session, headers: Record<string, string> = {}) => server.api.get('/limits', { token: session.accessToken, headers });
const ask = (session: Session, body: Record<string, unknown>) => server.api.post('/limit-requests', body, { token: session.accessToken });
const goodRequest = { expectedMonthlyVolume: '$250,000.50', purpose: 'Paying our suppliers in Ghana and the UK every week.', sourceOfFunds: 'Business revenue' };
const asReviewer = (account: { token: string }) => ({ token: account.token });

const ctxConfig = () => server.app.ctx.config;
const consume = (consumption: Omit<Consumption, 'reference'> & { reference?: string }) =>
  server.db.transaction((tx) => consumeLimit(tx, ctxConfig(), { reference: `ref_${Math.random().toString(36).slice(2)}`, ...consumption }));

describe('GET /limits', () => {
  it("shows a new business SPEC's 1000 USD left for each kind in test mode, and refuses live mode before approval", async () => {
    const session = await newCompany();
    const answer = await limits(session);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      tier: 'unapproved',
      livemode: false,
      openRequest: null,
      canRequest: false,
      limits: [
        { kind: 'trade', label: 'Buy/Sell', limitCents: '100000', usedCents: '0', leftCents: '100000', limit: '1000 USD', left: '1000 USD' },
        { kind: 'send', label: 'Send', limitCents: '100000', usedCents: '0', leftCents: '100000', limit: '1000 USD', left: '1000 USD' },
      ],
    });
    expect(answer.body.data.day).toBe(new Date().toISOString().slice(0, 10));
    expect((await limits(session, live)).status).toBe(403);
  });

  it('answers a secret key 403: limits are a dashboard matter', async () => {
    const session = await newCompany();
    const secretKey = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
    const answer = await server.api.get('/limits', { token: secretKey });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(limitMessages.dashboardOnly);
    expect((await server.api.get('/limit-requests', { token: secretKey })).status).toBe(403);
  });
});

describe('consumeLimit', () => {
  it('adds to what is used today per kind and mode, and refuses what would pass the limit, saying what is left', async () => {
    const session = await newCompany({ approved: true });
    const companyId = session.user.companyId;
    expect(await consume({ companyId, livemode: true, kind: 'send', usdCents: 25_050n })).toEqual({ limitCents: 100_000n, usedCents: 25_050n, leftCents: 74_950n });
    const refused = await consume({ companyId, livemode: true, kind: 'send', usdCents: 74_951n }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'LIMIT_EXCEEDED', status: 409, message: limitMessages.exceeded('Send', '749.50 USD') });
    // The other kind and the other mode have their own figures.
    await consume({ companyId, livemode: true, kind: 'trade', usdCents: 100_000n });
    await consume({ companyId, livemode: false, kind: 'send', usdCents: 100_000n });
    const refusedTrade = await consume({ companyId, livemode: true, kind: 'trade', usdCents: 1n }).catch((error: unknown) => error);
    expect(refusedTrade).toMatchObject({ code: 'LIMIT_EXCEEDED', message: limitMessages.exceeded('Buy/Sell', '0 USD') });
    expect(await consume({ companyId, livemode: true, kind: 'send', usdCents: 74_950n })).toMatchObject({ leftCents: 0n });

    const answer = await limits(session, live);
    expect(answer.body.data.limits).toEqual([
      expect.objectContaining({ kind: 'trade', usedCents: '100000', leftCents: '0', left: '0 USD' }),
      expect.objectContaining({ kind: 'send', usedCents: '100000', leftCents: '0', left: '0 USD' }),
    ]);
    const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM limit_consumptions WHERE company_id = $1', [companyId]);
    expect(rows[0]!.n).toBe(4);
  });

  it('needs no release: a consumption whose transaction fails later is rolled back with it', async () => {
    const session = await newCompany({ approved: true });
    const companyId = session.user.companyId;
    const failed = server.db.transaction(async (tx) => {
      await consumeLimit(tx, ctxConfig(), { companyId, livemode: true, kind: 'send', usdCents: 60_000n, reference: 'transfer_1' });
      throw new Error('the send failed after its limit was counted');
    });
    await expect(failed).rejects.toThrow('the send failed');
    const left = await limitsLeft(server.db, ctxConfig(), companyId, true);
    expect(left.limits.map((l) => l.usedCents)).toEqual(['0', '0']);
    // The same reference may then be used by the retry.
    await consume({ companyId, livemode: true, kind: 'send', usdCents: 60_000n, reference: 'transfer_1' });
  });

  it('refuses amounts beyond any limit, zero passes, a negative is a programming error', async () => {
    const session = await newCompany({ approved: true });
    const companyId = session.user.companyId;
    await expect(consume({ companyId, livemode: false, kind: 'send', usdCents: 10n ** 30n })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    await expect(consume({ companyId, livemode: false, kind: 'send', usdCents: 0n })).resolves.toMatchObject({ usedCents: 0n });
    await expect(consume({ companyId, livemode: false, kind: 'send', usdCents: -1n })).rejects.toBeInstanceOf(RangeError);
  });

  it('gives a business that is not approved test-mode limits only', async () => {
    const session = await newCompany();
    const companyId = session.user.companyId;
    await expect(consume({ companyId, livemode: false, kind: 'trade', usdCents: 100_000n })).resolves.toMatchObject({ leftCents: 0n });
    await expect(consume({ companyId, livemode: true, kind: 'trade', usdCents: 1n })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await limitsLeft(server.db, ctxConfig(), companyId, true)).limits[0]).toMatchObject({ limitCents: '0', leftCents: '0' });
  });

  it('lets exactly what fits through when 50 consumers of one limit arrive at once', async () => {
    const session = await newCompany({ approved: true });
    const companyId = session.user.companyId;
    // 1000 USD a day; 50 sends of 30 USD: exactly 33 fit (990 USD), 17 are refused.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => consume({ companyId, livemode: true, kind: 'send', usdCents: 3_000n, reference: `send_${i}` })),
    );
    const passed = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(passed).toHaveLength(33);
    expect(refused).toHaveLength(17);
    for (const o of refused) expect(o.reason).toMatchObject({ code: 'LIMIT_EXCEEDED', message: limitMessages.exceeded('Send', '10 USD') });
    const left = await limitsLeft(server.db, ctxConfig(), companyId, true);
    expect(left.limits[1]).toMatchObject({ usedCents: '99000', leftCents: '1000' });
    const { rows } = await server.db.query<{ n: number; sum: string }>(
      "SELECT count(*)::int AS n, sum(usd_cents)::text AS sum FROM limit_consumptions WHERE company_id = $1 AND kind = 'send'",
      [companyId],
    );
    expect(rows[0]).toEqual({ n: 33, sum: '99000' });
  });

  it('takes two companies’ limits in one order when one transaction consumes both', async () => {
    const [a, b] = await Promise.all([newCompany({ approved: true }), newCompany({ approved: true })]);
    const pair = (first: Session, second: Session, i: number) =>
      server.db.transaction((tx) =>
        consumeLimits(tx, ctxConfig(), [
          { companyId: first.user.companyId, livemode: true, kind: 'trade', usdCents: 1_000n, reference: `trade_${i}` },
          { companyId: second.user.companyId, livemode: true, kind: 'trade', usdCents: 1_000n, reference: `trade_${i}` },
        ]),
      );
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => (i % 2 ? pair(a, b, i) : pair(b, a, i))));
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect((await limitsLeft(server.db, ctxConfig(), a.user.companyId, true)).limits[0]!.usedCents).toBe('20000');
  });
});

describe('POST /limit-requests', () => {
  it('is for verified businesses only', async () => {
    const session = await newCompany();
    const answer = await ask(session, goodRequest);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(limitMessages.notApproved);
  });

  it('refuses each bad field with a message keyed by it', async () => {
    const session = await newCompany({ approved: true });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ expectedMonthlyVolume: '' }, 'expectedMonthlyVolume', limitMessages.volumeRequired],
      [{ expectedMonthlyVolume: 'lots' }, 'expectedMonthlyVolume', 'Enter the amount in digits, like 1,250.50.'],
      [{ expectedMonthlyVolume: '0' }, 'expectedMonthlyVolume', 'The amount must be more than zero.'],
      [{ expectedMonthlyVolume: '-500' }, 'expectedMonthlyVolume', 'The amount cannot be negative.'],
      [{ expectedMonthlyVolume: '10.001' }, 'expectedMonthlyVolume', 'USD amounts have at most 2 decimal places.'],
      [{ expectedMonthlyVolume: '1e6' }, 'expectedMonthlyVolume', 'Write the amount out in full, without an exponent (100000, not 1e5).'],
      [{ expectedMonthlyVolume: '9'.repeat(40) }, 'expectedMonthlyVolume', limitMessages.volumeTooLarge],
      [{ expectedMonthlyVolume: 25000 }, 'expectedMonthlyVolume', limitMessages.volumeRequired],
      [{ purpose: 'Trade' }, 'purpose', limitMessages.purposeRequired],
      [{ sourceOfFunds: '  ' }, 'sourceOfFunds', limitMessages.sourceRequired],
    ];
    for (const [change, field, message] of cases) {
      const answer = await ask(session, { ...goodRequest, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.data.errors[field], JSON.stringify(change)).toBe(message);
    }
  });

  it("refuses a document that is not the business's own upload", async () => {
    const [owner, other] = await Promise.all([newCompany({ approved: true }), newCompany({ approved: true })]);
    const file = await uploadFile(server, other.accessToken, 'bank-statement.pdf', sampleFiles.pdf);
    const answer = await ask(owner, { ...goodRequest, document: { name: file.name, objectKey: file.objectKey } });
    expect(answer.status).toBe(422);
    expect(answer.body.data.errors['document.objectKey']).toBe('Document: the file belongs to another account.');
    const missing = await ask(owner, { ...goodRequest, document: { name: 'x.pdf', objectKey: `${file.objectKey}-gone` } });
    expect(missing.status).toBe(422);
  });

  it('keeps one request waiting at a time, lists the business’s own and hides other businesses’ ones', async () => {
    const [session, other] = await Promise.all([newCompany({ approved: true }), newCompany({ approved: true })]);
    const file = await uploadFile(server, session.accessToken, 'bank-statement.pdf', sampleFiles.pdf);
    const created = await ask(session, { ...goodRequest, document: { name: 'bank-statement.pdf', objectKey: file.objectKey } });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(limitMessages.requestCreated);
    expect(created.body.data).toMatchObject({
      status: 'pending',
      expectedMonthlyVolumeCents: '25000050',
      expectedMonthlyVolume: '250000.50 USD',
      document: { name: 'bank-statement.pdf' },
      decision: null,
    });
    const second = await ask(session, goodRequest);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(limitMessages.requestOpen);

    const listed = await server.api.get('/limit-requests', { token: session.accessToken });
    expect(listed.body.data.requests).toEqual([created.body.data]);
    expect((await limits(session)).body.data).toMatchObject({ openRequest: created.body.data, canRequest: false });
    expect((await server.api.get(`/limit-requests/${created.body.data.id}`, { token: session.accessToken })).body.data).toEqual(created.body.data);
    const foreign = await server.api.get(`/limit-requests/${created.body.data.id}`, { token: other.accessToken });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(limitMessages.requestNotFound);
    expect((await server.api.get('/limit-requests', { token: other.accessToken })).body.data.requests).toEqual([]);
  });

  it('keeps one request waiting when two are sent at once', async () => {
    const session = await newCompany({ approved: true });
    const answers = await Promise.all([ask(session, goodRequest), ask(session, goodRequest)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it('is rate limited per business', async () => {
    const session = await newCompany({ approved: true });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask(session, goodRequest)).status);
    // Each try counts, a refused one too (limitRequestsPerCompany is 3 here).
    expect(statuses).toEqual([201, 409, 409, 429]);
  });
});

describe('the back office', () => {
  async function pendingRequest() {
    const session = await newCompany({ approved: true });
    const created = await ask(session, goodRequest);
    expect(created.status).toBe(201);
    return { session, id: created.body.data.id as string };
  }
  const decide = (account: { token: string }, id: string, body: Record<string, unknown>) => server.api.post(`/admin/limit-requests/${id}/decision`, body, asReviewer(account));

  it('lists waiting requests and shows one with the business’s tier, figures and the configured tiers', async () => {
    const { session, id } = await pendingRequest();
    const queue = await server.api.get('/admin/limit-requests', asReviewer(reviewer));
    expect(queue.status).toBe(200);
    expect(queue.body.data.requests).toContainEqual(expect.objectContaining({ id, companyId: session.user.companyId, status: 'pending', tier: 'approved', expectedMonthlyVolume: '250000.50 USD' }));
    const detail = await server.api.get(`/admin/limit-requests/${id}`, asReviewer(reviewer));
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      company: { id: session.user.companyId, kybStatus: 'APPROVED' },
      tier: 'approved',
      documentUrl: null,
      tiers: [
        { tier: 'unapproved', tradeCents: '100000', sendCents: '100000' },
        { tier: 'approved', tradeCents: '100000', sendCents: '100000' },
        { tier: 'tier_2', tradeCents: '1000000', sendCents: '1000000' },
        { tier: 'tier_3', tradeCents: '10000000', sendCents: '10000000' },
      ],
    });
    expect((await server.api.get('/admin/limit-requests/00000000-0000-4000-8000-000000000000', asReviewer(reviewer))).status).toBe(404);
  });

  it('refuses anyone without a full reviewer session', async () => {
    const { session, id } = await pendingRequest();
    const byCompany = await decide({ token: session.accessToken }, id, { decision: 'decline', reason: 'No.' });
    expect(byCompany.status).toBe(403);
    // A reviewer who has set a password but no authenticator yet.
    const { reviewer: pending, setupLink } = await createReviewer(
      server.app.ctx,
      { email: `enrol-${Date.now()}@fipay.ng`, name: 'New Reviewer', role: 'reviewer' },
      { actor: { type: 'system', name: 'test' }, sendEmail: false },
    );
    await server.api.post('/admin/auth/set-password', { token: new URL(setupLink).searchParams.get('token'), password: REVIEWER_PASSWORD });
    const enrolment = await startEnrolment(server, pending.email);
    const byEnrolment = await decide({ token: enrolment }, id, { decision: 'decline', reason: 'No.' });
    expect(byEnrolment.status).toBe(403);
    expect(byEnrolment.body.data.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await server.api.get('/admin/limit-requests', { token: session.accessToken })).status).toBe(403);
    expect((await server.api.get('/admin/limit-requests')).status).toBe(401);
  });

  it('grants a tier: the business’s limits rise, it is told, the decision is audited and cannot be made twice', async () => {
    const { session, id } = await pendingRequest();
    const granted = await decide(reviewer, id, { decision: 'grant_tier', tier: 'tier_2', reason: 'Volume matches the bank statements.' });
    expect(granted.status).toBe(200);
    expect(granted.body.message).toBe(limitMessages.granted);
    expect(granted.body.data).toMatchObject({ status: 'granted', decision: { tier: 'tier_2', tradeCents: '1000000', sendCents: '1000000', reason: 'Volume matches the bank statements.' } });
    const now = await limits(session, live);
    expect(now.body.data).toMatchObject({ tier: 'tier_2', canRequest: true, openRequest: null });
    expect(now.body.data.limits.map((l: { left: string }) => l.left)).toEqual(['10000 USD', '10000 USD']);

    const mail = await mailWithSubject(server, session.email, 'Your limits were raised');
    expect(mail.text).toContain('Buy/Sell 10000 USD a day, Send 10000 USD a day');
    expect(mail.text).toContain('Reason: Volume matches the bank statements.');
    const note = await server.api.get('/notification/user', { token: session.accessToken });
    expect(JSON.stringify(note.body.data)).toContain('Your limits were raised');
    const audit = await server.db.query<{ action: string; actor_name: string; after: { tier: string } }>(
      "SELECT action, actor_name, after FROM audit_log WHERE company_id = $1 AND action LIKE 'limit_request.%' ORDER BY id",
      [session.user.companyId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['limit_request.created', 'limit_request.granted']);
    expect(audit.rows[1]).toMatchObject({ actor_name: reviewer.name, after: { tier: 'tier_2' } });

    const again = await decide(reviewer, id, { decision: 'decline', reason: 'Changed my mind.' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(limitMessages.notPending);
  });

  it('checks custom figures: never below the current limits, above the top tier only for an admin', async () => {
    const { session, id } = await pendingRequest();
    const below = await decide(reviewer, id, { decision: 'grant_custom', tradeCents: '99999', sendCents: '500000', reason: 'Custom.' });
    expect(below.status).toBe(400);
    expect(below.body.data.errors.tradeCents).toBe(limitMessages.customBelowCurrent('Buy/Sell', '1000 USD'));
    const notDigits = await decide(reviewer, id, { decision: 'grant_custom', tradeCents: '1000.50', sendCents: '-1', reason: 'Custom.' });
    expect(notDigits.status).toBe(400);
    expect(Object.keys(notDigits.body.data.errors).sort()).toEqual(['sendCents', 'tradeCents']);
    const noReason = await decide(reviewer, id, { decision: 'decline', reason: ' ' });
    expect(noReason.body.data.errors.reason).toBe(limitMessages.reasonRequired);
    const aboveTop = await decide(reviewer, id, { decision: 'grant_custom', tradeCents: '10000001', sendCents: '500000', reason: 'Big importer.' });
    expect(aboveTop.status).toBe(403);
    expect(aboveTop.body.message).toBe(limitMessages.customAboveTopTier);
    const tooLarge = await decide(admin, id, { decision: 'grant_custom', tradeCents: '1'.padEnd(20, '0'), sendCents: '500000', reason: 'Big importer.' });
    expect(tooLarge.body.data.errors.tradeCents).toBe(limitMessages.customTooLarge);

    const granted = await decide(admin, id, { decision: 'grant_custom', tradeCents: '25000000', sendCents: '500050', reason: 'Big importer.' });
    expect(granted.status).toBe(200);
    const now = await limits(session, live);
    expect(now.body.data.tier).toBe('custom');
    expect(now.body.data.limits.map((l: { left: string }) => l.left)).toEqual(['250000 USD', '5000.50 USD']);

    // A later tier below the custom figures is not a raise.
    const next = await ask(session, goodRequest);
    const lower = await decide(reviewer, next.body.data.id, { decision: 'grant_tier', tier: 'tier_3', reason: 'Standard tier.' });
    expect(lower.status).toBe(400);
    expect(lower.body.data.errors.tier).toContain('Buy/Sell 250000 USD a day');
  });

  it('declines with the reason, leaving the limits as they were', async () => {
    const { session, id } = await pendingRequest();
    const declined = await decide(reviewer, id, { decision: 'decline', reason: 'The statement does not show this volume.' });
    expect(declined.status).toBe(200);
    expect(declined.body.data).toMatchObject({ status: 'declined', decision: { tier: null, reason: 'The statement does not show this volume.' } });
    expect((await limits(session, live)).body.data.tier).toBe('approved');
    const mail = await mailWithSubject(server, session.email, 'Your request for higher limits was declined');
    expect(mail.text).toContain('Reason: The statement does not show this volume.');
  });

  it('answers 404 for an unknown request and 400 for an id that is not one', async () => {
    expect((await decide(reviewer, '00000000-0000-4000-8000-000000000000', { decision: 'decline', reason: 'No.' })).status).toBe(404);
    expect((await decide(reviewer, 'not-an-id', { decision: 'decline', reason: 'No.' })).status).toBe(400);
  });

  it('is guarded in the database: a decided request does not move again', async () => {
    const { id } = await pendingRequest();
    await decide(reviewer, id, { decision: 'decline', reason: 'No.' });
    await expect(server.db.query("UPDATE limit_requests SET status = 'granted', decision_tier = 'tier_2' WHERE id = $1", [id])).rejects.toThrow(
      'a declined row of limit_requests cannot become granted; it may become nothing else',
    );
  });
});
