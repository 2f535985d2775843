import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { defaultRateRules } from '../../lib/rate-limit';
import { EMAIL_CODE_SUBJECT } from '../../mail/templates';
import { companyMe, submittedCompany } from '../../test/back-office-fixtures';
import { createVerifiedUser, hashesDuring, login, STRONG_PASSWORD } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

// One password check per sign-in (docs/decisions/0057-one-password-check-per-sign-in.md).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type User = Awaited<ReturnType<typeof createVerifiedUser>>;

const wrongPasswordAnswer = { isSuccessful: false, message: messages.invalidCredentials, data: { code: 'INVALID_CREDENTIALS' } };

async function initiate(user: { email: string; password: string }): Promise<string> {
  const res = await server.api.post('/auth/login/initiate', { email: user.email, password: user.password });
  expect(res.status).toBe(200);
  const proof: string = res.body.data.passwordProof;
  expect(proof).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
  return proof;
}

const verify = (user: { email: string; password: string }, passwordProof: string | undefined, otp = '') =>
  server.api.post('/auth/login/verify-otp', { email: user.email, password: user.password, otp, ...(passwordProof === undefined ? {} : { passwordProof }) });

async function emailCode(on: TestServer, email: string): Promise<string> {
  const mail = await on.mail.waitFor(email);
  expect(mail.subject).toBe(EMAIL_CODE_SUBJECT);
  const code = mail.text.match(/Your code: (\d{6})/)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

async function userWithEmailCodes(): Promise<User> {
  const user = await createVerifiedUser(server);
  const session = await login(server, user);
  expect((await server.api.post('/auth/2fa/email/send-code', undefined, { token: session.accessToken })).status).toBe(200);
  const on = await server.api.post('/auth/2fa/email/enable', { otp: await emailCode(server, user.email) }, { token: session.accessToken });
  expect(on.status).toBe(200);
  return user;
}

describe('a complete sign-in', () => {
  it('hashes the password once: initiate checks it, verify-otp takes its proof', async () => {
    const user = await createVerifiedUser(server);
    let session: Awaited<ReturnType<typeof verify>> | undefined;
    const hashes = await hashesDuring(async () => {
      const proof = await initiate(user);
      session = await verify(user, proof);
    });
    expect(session!.status).toBe(200);
    expect(session!.body.message).toBe(messages.loginSuccess);
    expect((await server.api.get('/account/me', { token: session!.body.data.accessToken })).status).toBe(200);
    expect(hashes).toBe(1);
  });

  it('answers the company with its application as company/me does, whether the proof read it or not', async () => {
    const company = await submittedCompany(server);
    const user = { email: company.email, password: company.password };
    const withProof = await verify(user, await initiate(user));
    const withoutProof = await verify(user, undefined);
    expect(withProof.status).toBe(200);
    const me = await companyMe(server, withProof.body.data);
    expect(me.application.documents.length).toBeGreaterThan(0);
    expect(me.application.representatives.length).toBeGreaterThan(0);
    expect(me.application.bankDetails).not.toBeNull();
    // A document's view link is signed with an expiry counted in seconds from when the answer was made.
    const unsigned = (answer: unknown) => JSON.parse(JSON.stringify(answer).replace(/expires=\d+&([^"]*?)&signature=[0-9a-f]+/g, '$1')) as unknown;
    expect(unsigned(withProof.body.data.company)).toEqual(unsigned(me));
    expect(unsigned(withoutProof.body.data.company)).toEqual(unsigned(me));
    expect(JSON.stringify(withProof.body.data.company)).toMatch(/expires=\d+&name=[^"]+&signature=[0-9a-f]{64}/);
  });

  it('still checks the password in full when verify-otp comes without a proof (SPEC.md section 4 as written)', async () => {
    const user = await createVerifiedUser(server);
    expect(await hashesDuring(async () => expect((await verify(user, undefined)).status).toBe(200))).toBe(1);
    expect(await hashesDuring(async () => expect((await verify(user, '')).status).toBe(200))).toBe(1);
    expect((await verify({ ...user, password: 'Wrong password 5!' }, undefined)).body).toEqual(wrongPasswordAnswer);
  });
});

describe('a proof that does not hold gets the wrong password answer, without hashing', () => {
  it('once spent (a replay)', async () => {
    const user = await createVerifiedUser(server);
    const proof = await initiate(user);
    expect((await verify(user, proof)).status).toBe(200);
    let replay: Awaited<ReturnType<typeof verify>> | undefined;
    expect(await hashesDuring(async () => (replay = await verify(user, proof)))).toBe(0);
    expect(replay!.status).toBe(401);
    expect(replay!.body).toEqual(wrongPasswordAnswer);
  });

  it('once expired', async () => {
    const user = await createVerifiedUser(server);
    const proof = await initiate(user);
    await server.db.query("UPDATE sign_in_proofs SET expires_at = now() - interval '1 second' WHERE id = $1", [proof.split('.')[0]]);
    const res = await verify(user, proof);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(wrongPasswordAnswer);
  });

  it('with another password, and then not even with the right one (a proof buys one try)', async () => {
    const user = await createVerifiedUser(server);
    const proof = await initiate(user);
    expect((await verify({ ...user, password: 'Wrong password 6!' }, proof)).body).toEqual(wrongPasswordAnswer);
    expect((await verify(user, proof)).body).toEqual(wrongPasswordAnswer);
  });

  it("for another user, even with that user's right password; and it is dead for its own user after", async () => {
    const owner = await createVerifiedUser(server);
    const other = await createVerifiedUser(server);
    const proof = await initiate(owner);
    expect((await verify(other, proof)).body).toEqual(wrongPasswordAnswer);
    expect((await verify(owner, proof)).body).toEqual(wrongPasswordAnswer);
    // The other user signs in as usual.
    expect((await verify(other, await initiate(other))).status).toBe(200);
  });

  it("of another attempt: each attempt's proof is its own, and a password changed in between ends it", async () => {
    const user = await createVerifiedUser(server);
    const first = await initiate(user);
    const second = await initiate(user);
    expect((await verify(user, second)).status).toBe(200);
    expect((await verify(user, first)).status).toBe(200);
    expect((await verify(user, second)).body).toEqual(wrongPasswordAnswer);

    const [proof, another] = [await initiate(user), await initiate(user)];
    const session = (await verify(user, await initiate(user))).body.data;
    const newPassword = 'Plantain chips 2027?';
    const changed = await server.api.post('/auth/change-password', { currentPassword: user.password, newPassword }, { token: session.accessToken });
    expect(changed.status).toBe(200);
    // Issued before the change: with the password it checked (the stored hash is another now), or with the new one.
    expect((await verify(user, proof)).body).toEqual(wrongPasswordAnswer);
    expect((await verify({ ...user, password: newPassword }, another)).body).toEqual(wrongPasswordAnswer);
    expect((await verify({ ...user, password: newPassword }, await initiate({ ...user, password: newPassword }))).status).toBe(200);
  });

  it('forged: a real proof id with another secret, or garbage', async () => {
    const user = await createVerifiedUser(server);
    const [id] = (await initiate(user)).split('.');
    for (const forged of [`${id}.${'A'.repeat(43)}`, 'garbage', `${id}`, `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.${'A'.repeat(43)}`]) {
      const res = await verify(user, forged);
      expect(res.status, forged).toBe(401);
      expect(res.body).toEqual(wrongPasswordAnswer);
    }
  });

  it('answers an unknown login and a known one alike', async () => {
    const user = await createVerifiedUser(server);
    const proof = await initiate(user);
    const [, secret] = proof.split('.');
    const unknown = await verify({ email: 'nobody@nowhere.ng', password: user.password }, `00000000-0000-4000-8000-000000000000.${secret}`);
    const known = await verify(user, `00000000-0000-4000-8000-000000000000.${secret}`);
    expect(unknown.body).toEqual(wrongPasswordAnswer);
    expect(known.body).toEqual(unknown.body);
    expect(unknown.status).toBe(known.status);
  });
});

describe('proofs and the rest of sign-in', () => {
  it('signs in once when two requests carry one proof at the same time', async () => {
    const user = await createVerifiedUser(server);
    const proof = await initiate(user);
    const answers = await Promise.all([verify(user, proof), verify(user, proof), verify(user, proof)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
  });

  it('does not spare a two-factor user the code: a wrong or missing code keeps the proof for the right one', async () => {
    const user = await userWithEmailCodes();
    const proof = await initiate(user);
    const code = await emailCode(server, user.email);
    const none = await verify(user, proof, '');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(messages.twoFactorEmailRequired);
    const wrong = await verify(user, proof, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(messages.otpInvalid);
    let signedIn: Awaited<ReturnType<typeof verify>> | undefined;
    expect(await hashesDuring(async () => (signedIn = await verify(user, proof, code)))).toBe(0);
    expect(signedIn!.status).toBe(200);
    expect((await verify(user, proof, code)).body).toEqual(wrongPasswordAnswer);
  });

  it('spends the account budget like a password: a proof does not get past it', async () => {
    const user = await createVerifiedUser(server);
    const proof = await initiate(user);
    // initiate spent one of the account's tries; wrong passwords spend the rest.
    for (let i = 1; i < defaultRateRules.loginPerAccount.limit; i++) {
      expect((await server.api.post('/auth/login/initiate', { email: user.email, password: 'Wrong password 7!' })).status).toBe(401);
    }
    const blocked = await verify(user, proof);
    expect(blocked.status).toBe(429);
    expect(blocked.body.data.code).toBe('RATE_LIMITED');
  });

  it('leaves no proof behind a wrong password: the row written while Argon2id ran is deleted', async () => {
    const user = await createVerifiedUser(server);
    const proofsOf = async () =>
      Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM sign_in_proofs p JOIN users u ON u.id = p.user_id WHERE u.email = $1', [user.email])).rows[0]!.n);
    const wrong = await server.api.post('/auth/login/initiate', { email: user.email, password: 'Wrong password 7!' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(wrongPasswordAnswer);
    // The delete is not awaited by the answer (a wrong password answers when the hash is done); it follows at once.
    for (let i = 0; i < 100 && (await proofsOf()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await proofsOf()).toBe(0);
    // The right password still gets a proof that signs in once.
    const proof = await initiate(user);
    expect(await proofsOf()).toBe(1);
    expect((await verify(user, proof)).status).toBe(200);
    expect(await proofsOf()).toBe(0);
  });

  it("deletes the proof's row when the account's limit refuses initiate after the statement that wrote it", async () => {
    const user = await createVerifiedUser(server);
    for (let i = 0; i < defaultRateRules.loginPerAccount.limit; i++) {
      expect((await server.api.post('/auth/login/initiate', { email: user.email, password: 'Wrong password 7!' })).status).toBe(401);
    }
    const refused = await server.api.post('/auth/login/initiate', user);
    expect(refused.status).toBe(429);
    expect(refused.body.data.passwordProof).toBeUndefined();
    const proofsOf = async () =>
      Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM sign_in_proofs p JOIN users u ON u.id = p.user_id WHERE u.email = $1', [user.email])).rows[0]!.n);
    for (let i = 0; i < 100 && (await proofsOf()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await proofsOf()).toBe(0);
  });

  it('refuses a proof whose row holds no seal of the password hash (written before the seal was kept)', async () => {
    const user = await createVerifiedUser(server);
    const proof = await initiate(user);
    await server.db.query('UPDATE sign_in_proofs SET password_seal = NULL WHERE id = $1', [proof.split('.')[0]]);
    expect((await verify(user, proof)).body).toEqual(wrongPasswordAnswer);
    expect((await verify(user, await initiate(user))).status).toBe(200);
  });

  it('leaves no session behind a proof that does not hold or a request a limit refuses', async () => {
    const user = await createVerifiedUser(server);
    const sessionsOf = async () =>
      (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refresh_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = $1', [user.email])).rows[0]!.n;
    // Another password: the proof is spent by the statement that reads it, and the session written with it is deleted.
    const wrong = await verify({ ...user, password: 'Wrong password 7!' }, await initiate(user));
    expect(wrong.body).toEqual(wrongPasswordAnswer);
    expect(await sessionsOf()).toBe(0);
    // The right proof and password, refused by the account's limit after the statement: no session either.
    // initiate, verify-otp and initiate again have spent three of the account's tries; wrong passwords spend the rest.
    const proof = await initiate(user);
    for (let i = 3; i < defaultRateRules.loginPerAccount.limit; i++) {
      expect((await server.api.post('/auth/login/initiate', { email: user.email, password: 'Wrong password 7!' })).status).toBe(401);
    }
    expect((await verify(user, proof)).status).toBe(429);
    expect(await sessionsOf()).toBe(0);
  });

  it('keeps nothing in the table that gives the password away', async () => {
    const user = await createVerifiedUser(server, { password: STRONG_PASSWORD });
    const proof = await initiate(user);
    const { rows } = await server.db.query<Record<string, unknown>>('SELECT * FROM sign_in_proofs WHERE id = $1', [proof.split('.')[0]]);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(proof.split('.')[1]);
    expect(stored).not.toContain(STRONG_PASSWORD);
  });
});
