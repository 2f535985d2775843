import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagMessages } from '@fipay/contracts/fipay-tags';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    // More sign-ups than one address may make in an hour: that limit is not what these tests are about.
    rateRules: {
      tagAvailabilityPerCompany: { limit: 12, windowSeconds: 900 },
      recipientLookupPerCompany: { limit: 12, windowSeconds: 900 },
      signupPerIp: { limit: 100, windowSeconds: 3600 },
    },
  });
});
afterAll(() => server.close());

type Session = Awaited<ReturnType<typeof login>> & { email: string };

async function newCompany(): Promise<Session> {
  const user = await createVerifiedUser(server);
  return { ...(await login(server, user)), email: user.email };
}

async function approve(session: Session) {
  await server.db.query(
    `INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')
     ON CONFLICT (company_id) DO UPDATE SET status = 'APPROVED'`,
    [session.user.companyId],
  );
}

const setTag = (session: Session, tag: unknown) => server.api.request('PUT', '/api/v1/tag', { token: session.accessToken, body: { tag } });
const availability = (session: Session, tag: string) => server.api.get(`/tag/availability?tag=${encodeURIComponent(tag)}`, { token: session.accessToken });
const lookup = (session: Session, query: string) => server.api.get(`/recipients/lookup?${query}`, { token: session.accessToken });

/** Moves the company's current tag's claim (and any release) `days` into the past: time passing, as the database sees it. */
async function age(session: Session, days: number) {
  await server.db.query(
    `UPDATE fipay_tags SET claimed_at = claimed_at - make_interval(days => $2::int),
       released_at = released_at - make_interval(days => $2::int) WHERE company_id = $1`,
    [session.user.companyId, days],
  );
}

let counter = 0;
/** A tag no other test uses. */
const freshTag = (stem = 'shop') => `${stem}_${Date.now().toString(36).slice(-5)}${(counter += 1)}`;

describe('FiPay tag', () => {
  it('needs a session on every route', async () => {
    for (const path of ['/tag', '/tag/availability?tag=acme', '/recipients/lookup?tag=acme']) expect((await server.api.get(path)).status).toBe(401);
    expect((await server.api.request('PUT', '/api/v1/tag', { body: { tag: 'acme' } })).status).toBe(401);
  });

  it('starts with none, is claimed in any case with or without @, stored lowercase, shown with @, and audited', async () => {
    const company = await newCompany();
    const none = await server.api.get('/tag', { token: company.accessToken });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ tag: null, display: null, claimedAt: null, nextChangeAt: null, changeIntervalDays: 30, releaseHoldDays: 90 });

    const tag = freshTag('acme');
    const saved = await setTag(company, `@${tag.toUpperCase()}`);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(tagMessages.saved);
    expect(saved.body.data).toMatchObject({ tag, display: `@${tag}`, claimedAt: expect.any(String), nextChangeAt: expect.any(String) });
    const days = (Date.parse(saved.body.data.nextChangeAt) - Date.parse(saved.body.data.claimedAt)) / 86_400_000;
    expect(days).toBe(30);
    expect((await server.api.get('/tag', { token: company.accessToken })).body.data).toEqual(saved.body.data);

    const again = await setTag(company, tag);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(tagMessages.unchanged);

    const { rows } = await server.db.query<{ action: string; before: unknown; after: unknown; actor_id: string }>(
      'SELECT action, before, after, actor_id FROM audit_log WHERE company_id = $1 AND action LIKE $2',
      [company.user.companyId, 'fipay_tag.%'],
    );
    expect(rows).toEqual([{ action: 'fipay_tag.claimed', before: null, after: { tag }, actor_id: company.user.id }]);
  });

  it('refuses tags that break the rules or are reserved, each with its own message, and changes nothing', async () => {
    const company = await newCompany();
    const cases: [unknown, string][] = [
      ['ab', tagMessages.tooShort],
      ['@ab', tagMessages.tooShort],
      ['a'.repeat(21), tagMessages.tooLong],
      ['1acme', tagMessages.startsWithLetter],
      ['_acme', tagMessages.startsWithLetter],
      ['ac-me', tagMessages.characters],
      ['acme ltd', tagMessages.characters],
      ['açme', tagMessages.characters],
      ['', tagMessages.required],
      ['admin', tagMessages.reserved],
      ['@Support', tagMessages.reserved],
      ['FIPAY', tagMessages.reserved],
      ['paystack', tagMessages.reserved],
      ['dashboard', tagMessages.reserved],
      ['payment_methods', tagMessages.reserved],
    ];
    for (const [tag, message] of cases) {
      const res = await setTag(company, tag);
      expect(res.status, String(tag)).toBe(400);
      expect(res.body.data).toMatchObject({ code: 'VALIDATION_FAILED', errors: { tag: message } });
    }
    expect((await setTag(company, 42)).status).toBe(400);
    expect((await server.api.get('/tag', { token: company.accessToken })).body.data.tag).toBeNull();
    const refused = await availability(company, 'root');
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toEqual({ tag: tagMessages.reserved });
  });

  it('is unique across the platform whatever the case, and says available, yours or taken', async () => {
    const [first, second] = await Promise.all([newCompany(), newCompany()]);
    const tag = freshTag('kola');
    expect((await availability(second, tag)).body.data).toEqual({ tag, display: `@${tag}`, available: true, status: 'available' });
    expect((await setTag(first, tag)).status).toBe(200);

    const mine = await availability(first, `@${tag.toUpperCase()}`);
    expect(mine.body).toMatchObject({ message: tagMessages.yours, data: { tag, available: false, status: 'yours' } });
    const theirs = await availability(second, tag);
    expect(theirs.body).toMatchObject({ message: tagMessages.taken, data: { available: false, status: 'taken' } });

    const taken = await setTag(second, tag.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: tagMessages.taken, data: { code: 'CONFLICT', errors: { tag: tagMessages.taken } } });
    expect((await server.api.get('/tag', { token: second.accessToken })).body.data.tag).toBeNull();
  });

  it('gives a tag that several companies claim at once to exactly one of them', async () => {
    const companies = await Promise.all(Array.from({ length: 6 }, () => newCompany()));
    const tag = freshTag('race');
    const answers = await Promise.all(companies.map((company) => setTag(company, tag)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = companies[answers.findIndex((res) => res.status === 200)]!;
    const { rows } = await server.db.query<{ company_id: string }>('SELECT company_id FROM fipay_tags WHERE tag = $1', [tag]);
    expect(rows).toEqual([{ company_id: winner.user.companyId }]);
    const audits = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'fipay_tag.claimed' AND after->>'tag' = $1", [tag]);
    expect(audits.rows[0]!.n).toBe(1);
  });

  it("takes one company's simultaneous claims in turn: the first claims, the other is a change too soon", async () => {
    const company = await newCompany();
    const tags = [freshTag('twin'), freshTag('twin')];
    const answers = await Promise.all(tags.map((tag) => setTag(company, tag)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 422]);
    const { rows } = await server.db.query<{ tag: string; released_at: unknown }>('SELECT tag, released_at FROM fipay_tags WHERE company_id = $1', [company.user.companyId]);
    expect(rows).toEqual([{ tag: answers.find((res) => res.status === 200)!.body.data.tag, released_at: null }]);
  });

  it('lets one company change its tag once per interval, and holds the tag it gave up from others for the hold', async () => {
    const [company, other] = await Promise.all([newCompany(), newCompany()]);
    const [oldTag, newTag, laterTag] = [freshTag('old'), freshTag('new'), freshTag('later')];
    expect((await setTag(company, oldTag)).status).toBe(200);

    const tooSoon = await setTag(company, newTag);
    expect(tooSoon.status).toBe(422);
    expect(tooSoon.body.message).toMatch(/^You changed your FiPay tag recently\. You can change it again from \d{1,2} [A-Z][a-z]+ \d{4}\.$/);
    expect(tooSoon.body.data.errors).toEqual({ tag: tooSoon.body.message });
    expect((await server.api.get('/tag', { token: company.accessToken })).body.data.tag).toBe(oldTag);

    await age(company, 31);
    const changed = await setTag(company, newTag);
    expect(changed.status).toBe(200);
    expect(changed.body.data.tag).toBe(newTag);
    const { rows } = await server.db.query<{ before: unknown; after: unknown }>(
      "SELECT before, after FROM audit_log WHERE company_id = $1 AND action = 'fipay_tag.changed'",
      [company.user.companyId],
    );
    expect(rows).toEqual([{ before: { tag: oldTag }, after: { tag: newTag } }]);

    // The old tag is not another company's yet: a payment meant for it must not reach a newcomer.
    expect((await availability(other, oldTag)).body.data.status).toBe('taken');
    expect((await setTag(other, oldTag)).status).toBe(409);
    expect((await server.api.get(`/recipients/lookup?tag=${oldTag}`, { token: other.accessToken })).status).toBe(404);

    // 89 days on it is still held; after 90 it is free to others.
    await age(company, 89);
    expect((await setTag(other, oldTag)).status).toBe(409);
    await age(company, 2);
    expect((await availability(other, oldTag)).body.data.status).toBe('available');
    expect((await setTag(other, oldTag)).status).toBe(200);

    // The company itself may take back a tag it gave up, within the hold, once its interval has passed.
    await setTag(company, laterTag);
    await age(company, 31);
    expect((await setTag(company, newTag)).status).toBe(200);
  });
});

describe('recipient look-up', () => {
  let caller: Session;
  let payee: Session;
  let payeeTag: string;
  let unapproved: Session;
  let unapprovedTag: string;

  beforeAll(async () => {
    [caller, payee, unapproved] = await Promise.all([newCompany(), newCompany(), newCompany()]);
    [payeeTag, unapprovedTag] = [freshTag('payee'), freshTag('pending')];
    await approve(payee);
    expect((await setTag(payee, payeeTag)).status).toBe(200);
    expect((await setTag(unapproved, unapprovedTag)).status).toBe(200);
  });

  it("finds an approved business by tag or by a user's email, with its verified name and tag only", async () => {
    const { rows } = await server.db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [payee.user.companyId]);
    const expected = { name: rows[0]!.name, tag: payeeTag, display: `@${payeeTag}` };
    const byTag = await lookup(caller, `tag=${encodeURIComponent(`@${payeeTag.toUpperCase()}`)}`);
    expect(byTag.status).toBe(200);
    expect(byTag.body).toEqual({ isSuccessful: true, message: tagMessages.recipientFound, data: expected });
    const byEmail = await lookup(caller, `email=${encodeURIComponent(payee.email.toUpperCase())}`);
    expect(byEmail.body.data).toEqual(expected);
  });

  it('answers one and the same 404 for an unknown tag, an unknown email and a business not approved', async () => {
    const answers = await Promise.all([
      lookup(caller, `tag=${freshTag('nobody')}`),
      lookup(caller, 'email=nobody-here@example.ng'),
      lookup(caller, `tag=${unapprovedTag}`),
      lookup(caller, `email=${encodeURIComponent(unapproved.email)}`),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ isSuccessful: false, message: tagMessages.recipientNotFound, data: { code: 'NOT_FOUND' } });
    }
  });

  it('refuses to look up your own business, by tag or by email, approved or not', async () => {
    for (const [session, query] of [
      [payee, `tag=${payeeTag}`],
      [payee, `email=${encodeURIComponent(payee.email)}`],
      [unapproved, `tag=${unapprovedTag}`],
    ] as const) {
      const res = await lookup(session, query);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(tagMessages.recipientIsYou);
    }
  });

  it('takes exactly one of tag and email', async () => {
    for (const query of ['', `tag=${payeeTag}&email=${encodeURIComponent(payee.email)}`, 'tag=ab', 'email=not-an-email']) {
      const res = await lookup(caller, query);
      expect(res.status, query).toBe(400);
      expect(res.body.data.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('recipient look-up with a secret key', () => {
  let payee: Session;
  let payeeTag: string;
  let unapproved: Session;
  let unapprovedTag: string;
  let expected: { name: string; tag: string; display: string };

  const keyOf = async (session: Session, mode: 'test' | 'live' = 'test') => {
    const made = await server.api.post('/api-keys', mode === 'live' ? { mode } : {}, { token: session.accessToken });
    expect(made.status).toBe(201);
    return made.body.data.secretKey as string;
  };
  const lookupBy = (token: string, query: string, headers: Record<string, string> = {}) => server.api.get(`/recipients/lookup?${query}`, { token, headers });

  beforeAll(async () => {
    [payee, unapproved] = await Promise.all([newCompany(), newCompany()]);
    [payeeTag, unapprovedTag] = [freshTag('keypayee'), freshTag('keypending')];
    await approve(payee);
    expect((await setTag(payee, payeeTag)).status).toBe(200);
    expect((await setTag(unapproved, unapprovedTag)).status).toBe(200);
    const { rows } = await server.db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [payee.user.companyId]);
    expected = { name: rows[0]!.name, tag: payeeTag, display: `@${payeeTag}` };
  });

  it("answers a test key as the dashboard: the verified name by tag or email, one 404 for the rest, 422 for its own business", async () => {
    const caller = await newCompany();
    const key = await keyOf(caller);
    const byTag = await lookupBy(key, `tag=${encodeURIComponent(`@${payeeTag}`)}`);
    expect(byTag.status).toBe(200);
    expect(byTag.body).toEqual({ isSuccessful: true, message: tagMessages.recipientFound, data: expected });
    expect((await lookupBy(key, `email=${encodeURIComponent(payee.email)}`)).body.data).toEqual(expected);
    for (const query of [`tag=${unapprovedTag}`, `email=${encodeURIComponent(unapproved.email)}`, `tag=${freshTag('nobody')}`]) {
      const res = await lookupBy(key, query);
      expect({ query, status: res.status, body: res.body }).toEqual({
        query,
        status: 404,
        body: { isSuccessful: false, message: tagMessages.recipientNotFound, data: { code: 'NOT_FOUND' } },
      });
    }
    const own = await lookupBy(await keyOf(unapproved), `tag=${unapprovedTag}`);
    expect(own.status).toBe(422);
    expect(own.body.message).toBe(tagMessages.recipientIsYou);
    // A key of no business, or a revoked one, reaches nothing.
    expect((await lookupBy('sk_test_not_a_real_key_0000000000000000', `tag=${payeeTag}`)).status).toBe(401);
  });

  it('answers a live key with approved businesses only, as a live transfer reaches, and refuses live mode to a business not approved', async () => {
    const caller = await newCompany();
    await approve(caller);
    const live = await keyOf(caller, 'live');
    expect(live).toMatch(/^sk_live_/);
    const found = await lookupBy(live, `tag=${payeeTag}`);
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual(expected);
    expect((await lookupBy(live, `tag=${unapprovedTag}`)).status).toBe(404);
    // A business not approved has no live mode: its dashboard session asking in live mode is refused before any look-up.
    const refused = await lookupBy(unapproved.accessToken, `tag=${payeeTag}`, { 'FiPay-Mode': 'live' });
    expect(refused.status).toBe(403);
    expect(refused.body.data.code).toBe('FORBIDDEN');
  });

  it("counts a company's keys and its dashboard sessions against one look-up allowance", async () => {
    const company = await newCompany();
    const key = await keyOf(company);
    for (let i = 0; i < 12; i += 1) {
      const token = i % 2 === 0 ? key : company.accessToken;
      expect((await lookupBy(token, `email=key-walker-${i}@example.ng`)).status).toBe(404);
    }
    for (const token of [key, company.accessToken]) {
      const limited = await lookupBy(token, `tag=${payeeTag}`);
      expect(limited.status).toBe(429);
      expect(limited.body.data.code).toBe('RATE_LIMITED');
    }
    // Another company's key has its own allowance.
    expect((await lookupBy(await keyOf(await newCompany()), `tag=${payeeTag}`)).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits tag availability checks per company', async () => {
    const company = await newCompany();
    const tag = freshTag('limit');
    for (let i = 0; i < 12; i += 1) expect((await availability(company, tag)).status).toBe(200);
    const limited = await availability(company, tag);
    expect(limited.status).toBe(429);
    expect(limited.body.data.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another company has its own allowance.
    expect((await availability(await newCompany(), tag)).status).toBe(200);
  });

  it('limits recipient look-ups per company, found or not, so nobody walks the list of tags or emails', async () => {
    const company = await newCompany();
    for (let i = 0; i < 12; i += 1) expect((await lookup(company, `email=walker-${i}@example.ng`)).status).toBe(404);
    const limited = await lookup(company, 'email=walker-12@example.ng');
    expect(limited.status).toBe(429);
    expect(limited.body.data.code).toBe('RATE_LIMITED');
  });
});
