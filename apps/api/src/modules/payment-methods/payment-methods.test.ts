import { paymentMethodMessages } from '@fipay/contracts/payment-methods';
import { messages } from '@fipay/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAccountNumber } from '../../banks/nuban';
import { SandboxBankProvider } from '../../banks/sandbox';
import { bankMessages } from '../../banks/errors';
import { base32Decode, totp } from '../../lib/totp';
import { createReviewerAccount } from '../../test/back-office-fixtures';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { usablePaymentMethod } from './payment-methods';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Session = Awaited<ReturnType<typeof login>> & { password: string };

async function newCompany(companyName?: string): Promise<Session> {
  const user = await createVerifiedUser(server, companyName ? { companyName } : {});
  return { ...(await login(server, user)), password: user.password };
}

const GTBANK = '058';
const sandbox = new SandboxBankProvider();

/** A GTBank number the sandbox's name enquiry answers with `name` (or with any other name when `not` is set). */
async function nubanNamed(name: string, { not = false } = {}): Promise<string> {
  for (let serial = 1; ; serial++) {
    const number = sandboxAccountNumber(GTBANK, serial);
    const resolved = await sandbox.resolveAccount({ bankCode: GTBANK, accountNumber: number });
    if ((resolved.account_name === name) !== not) return number;
  }
}

const add = (session: Session, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.api.post('/payment-methods', body, { token: session.accessToken, headers });
const list = (session: Session, headers: Record<string, string> = {}) => server.api.get('/payment-methods', { token: session.accessToken, headers });
const remove = (session: Session, id: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  server.api.post(`/payment-methods/${id}/remove`, body, { token: session.accessToken, headers });

const iban = { kind: 'iban', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx', accountName: 'Okafor Logistics GmbH', currency: 'EUR' };
const uk = { kind: 'gb_account', sortCode: '08-99-99', accountNumber: '66374958', accountName: 'Okafor Logistics UK Ltd' };
const us = { kind: 'us_account', routingNumber: '021000021', accountNumber: '000123456789', accountName: 'Okafor Logistics Inc' };

async function approve(session: Session) {
  await server.db.query(
    `INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED') ON CONFLICT (company_id) DO UPDATE SET status = 'APPROVED'`,
    [session.user.companyId],
  );
}

describe('adding payment methods', () => {
  it('saves a Nigerian account under the name the bank gives, usable after 24 hours when it is the business name', async () => {
    const session = await newCompany('Okafor Logistics Limited');
    const accountNumber = await nubanNamed('OKAFOR LOGISTICS LIMITED');
    const added = await add(session, { kind: 'ng_bank_account', bankCode: GTBANK, accountNumber });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(paymentMethodMessages.added);
    const method = added.body.data;
    expect(method).toMatchObject({
      livemode: false,
      kind: 'ng_bank_account',
      currency: 'NGN',
      country: 'NG',
      accountName: 'OKAFOR LOGISTICS LIMITED',
      bankName: 'Guaranty Trust Bank',
      bankCode: GTBANK,
      accountNumber: `••••••${accountNumber.slice(-4)}`,
      status: 'cooling_off',
      nameReview: 'not_needed',
    });
    expect(Date.parse(method.usableFrom) - Date.parse(method.createdAt)).toBe(86_400_000);
    expect(JSON.stringify(added.body)).not.toContain(accountNumber);

    const listed = await list(session);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual({ paymentMethods: [method], coolingOffSeconds: 86_400 });
    const scope = { companyId: session.user.companyId, livemode: false };
    expect(await usablePaymentMethod(server.db, scope, method.id)).toBeUndefined();

    // Once the cooling-off period is over it can receive withdrawals.
    await server.db.query(`UPDATE payment_methods SET usable_from = now() - interval '1 second' WHERE id = $1`, [method.id]);
    expect((await list(session)).body.data.paymentMethods[0].status).toBe('usable');
    expect(await usablePaymentMethod(server.db, scope, method.id)).toMatchObject({ id: method.id, status: 'usable' });

    const audit = await server.db.query<{ action: string; after: { accountNumber: string } }>(
      `SELECT action, after FROM audit_log WHERE company_id = $1 AND action LIKE 'payment_method.%'`,
      [session.user.companyId],
    );
    expect(audit.rows).toEqual([{ action: 'payment_method.added', after: expect.objectContaining({ paymentMethodId: method.id, accountNumber: method.accountNumber }) }]);
  });

  it('flags a Nigerian account in another name for review; it stays unusable until a reviewer clears it', async () => {
    const session = await newCompany('Okafor Logistics Limited');
    const accountNumber = await nubanNamed('OKAFOR LOGISTICS LIMITED', { not: true });
    const added = await add(session, { kind: 'ng_bank_account', bankCode: GTBANK, accountNumber });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(paymentMethodMessages.addedForReview);
    expect(added.body.data).toMatchObject({ status: 'needs_review', nameReview: 'needs_review' });
    const id = added.body.data.id as string;
    await server.db.query(`UPDATE payment_methods SET usable_from = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await list(session)).body.data.paymentMethods[0].status).toBe('needs_review');
    expect(await usablePaymentMethod(server.db, { companyId: session.user.companyId, livemode: false }, id)).toBeUndefined();

    // A company user cannot clear it; a reviewer can, once.
    expect((await server.api.post(`/admin/payment-methods/${id}/clear-review`, undefined, { token: session.accessToken })).status).toBe(403);
    const reviewer = await createReviewerAccount(server);
    const cleared = await server.api.post(`/admin/payment-methods/${id}/clear-review`, undefined, { token: reviewer.token });
    expect(cleared).toMatchObject({ status: 200, body: { message: paymentMethodMessages.cleared, data: { status: 'usable', nameReview: 'cleared' } } });
    const again = await server.api.post(`/admin/payment-methods/${id}/clear-review`, undefined, { token: reviewer.token });
    expect(again).toMatchObject({ status: 409, body: { message: paymentMethodMessages.notAwaitingReview } });
    const unknown = await server.api.post('/admin/payment-methods/00000000-0000-4000-8000-000000000000/clear-review', undefined, { token: reviewer.token });
    expect(unknown.status).toBe(404);
    const audit = await server.db.query<{ action: string; actor_name: string }>(
      `SELECT action, actor_name FROM audit_log WHERE company_id = $1 AND action = 'payment_method.name_cleared'`,
      [session.user.companyId],
    );
    expect(audit.rows).toEqual([{ action: 'payment_method.name_cleared', actor_name: reviewer.name }]);
  });

  it('refuses a Nigerian number that fails its check digit or a bank that does not exist, keyed by field', async () => {
    const session = await newCompany();
    const good = sandboxAccountNumber(GTBANK, 4242);
    const bad = `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`;
    const refused = await add(session, { kind: 'ng_bank_account', bankCode: GTBANK, accountNumber: bad });
    expect(refused).toMatchObject({ status: 422, body: { isSuccessful: false, data: { code: 'UNPROCESSABLE', errors: { accountNumber: bankMessages.accountNumberInvalid } } } });
    const short = await add(session, { kind: 'ng_bank_account', bankCode: GTBANK, accountNumber: '12345' });
    expect(short).toMatchObject({ status: 400, body: { data: { code: 'VALIDATION_FAILED', errors: { accountNumber: paymentMethodMessages.nubanFormat } } } });
    const noBank = await add(session, { kind: 'ng_bank_account', bankCode: '999', accountNumber: good });
    expect(noBank).toMatchObject({ status: 422, body: { data: { errors: { bankCode: bankMessages.bankInvalid } } } });
    expect((await list(session)).body.data.paymentMethods).toEqual([]);
  });

  it('saves IBAN, UK and US accounts in their electronic form, and refuses bad checksums keyed by field', async () => {
    const session = await newCompany();
    const saved = await add(session, iban);
    expect(saved).toMatchObject({
      status: 201,
      body: { data: { kind: 'iban', currency: 'EUR', country: 'DE', bankCode: 'COBADEFFXXX', accountNumber: '••••••••3000', nameReview: 'needs_review' } },
    });
    expect((await add(session, uk)).body.data).toMatchObject({ kind: 'gb_account', currency: 'GBP', country: 'GB', bankCode: '089999', accountNumber: '••••4958' });
    expect((await add(session, us)).body.data).toMatchObject({ kind: 'us_account', currency: 'USD', country: 'US', bankCode: '021000021', accountNumber: '••••••••6789' });
    const stored = await server.db.query<{ account_number: string }>('SELECT account_number FROM payment_methods WHERE company_id = $1 ORDER BY created_at', [session.user.companyId]);
    expect(stored.rows.map((row) => row.account_number)).toEqual(['DE89370400440532013000', '66374958', '000123456789']);

    const field = async (body: Record<string, unknown>) => {
      const answer = await add(session, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data.code).toBe('VALIDATION_FAILED');
      return answer.body.data.errors as Record<string, string>;
    };
    expect(await field({ ...iban, iban: 'DE89370400440532013001' })).toEqual({ iban: paymentMethodMessages.ibanInvalid });
    expect(await field({ ...iban, bic: 'NOT A BIC' })).toEqual({ bic: paymentMethodMessages.bicInvalid });
    expect(await field({ ...iban, bic: 'NWBKGB2L' })).toEqual({ bic: paymentMethodMessages.bicCountry });
    expect(await field({ ...iban, currency: 'NGN' })).toEqual({ currency: paymentMethodMessages.currencyInvalid });
    expect(await field({ ...uk, accountNumber: '66374959' })).toEqual({ accountNumber: paymentMethodMessages.ukAccountInvalid });
    expect(await field({ ...uk, sortCode: '0899' })).toEqual({ sortCode: paymentMethodMessages.sortCodeInvalid });
    expect(await field({ ...us, routingNumber: '021000022' })).toEqual({ routingNumber: paymentMethodMessages.routingInvalid });
    expect(await field({ ...us, accountName: '  ' })).toEqual({ accountName: paymentMethodMessages.accountNameRequired });
    expect(await field({ kind: 'crypto_address', address: 'x' })).toHaveProperty('kind');
  });

  it('refuses the same account twice in a mode, and takes it again once removed', async () => {
    const session = await newCompany();
    const first = await add(session, uk);
    expect(first.status).toBe(201);
    expect(await add(session, { ...uk, sortCode: '089999', accountName: 'Someone else' })).toMatchObject({ status: 409, body: { message: paymentMethodMessages.duplicate } });
    expect((await remove(session, first.body.data.id)).status).toBe(200);
    expect((await add(session, uk)).status).toBe(201);
  });
});

describe('who may see and change payment methods', () => {
  it("answers 404 for another company's method and keeps each mode's methods apart", async () => {
    const owner = await newCompany();
    const stranger = await newCompany();
    const id = (await add(owner, us)).body.data.id as string;
    expect(await remove(stranger, id)).toMatchObject({ status: 404, body: { message: paymentMethodMessages.notFound } });
    expect((await remove(owner, 'not-a-uuid')).status).toBe(404);
    expect((await list(stranger)).body.data.paymentMethods).toEqual([]);

    // Live mode is another set of methods (for an approved business).
    expect((await list(owner, { 'FiPay-Mode': 'live' })).status).toBe(403);
    await approve(owner);
    expect((await list(owner, { 'FiPay-Mode': 'live' })).body.data.paymentMethods).toEqual([]);
    expect((await remove(owner, id, {}, { 'FiPay-Mode': 'live' })).status).toBe(404);
    const live = await add(owner, us, { 'FiPay-Mode': 'live' });
    expect(live).toMatchObject({ status: 201, body: { data: { livemode: true } } });
    expect((await list(owner)).body.data.paymentMethods.map((m: { id: string }) => m.id)).toEqual([id]);

    const removed = await remove(owner, id);
    expect(removed).toMatchObject({ status: 200, body: { message: paymentMethodMessages.removed } });
    expect((await list(owner)).body.data.paymentMethods).toEqual([]);
    expect((await remove(owner, id)).status).toBe(404);
    const audit = await server.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE company_id = $1 AND action LIKE 'payment_method.%' ORDER BY id`, [owner.user.companyId]);
    expect(audit.rows.map((row) => row.action)).toEqual(['payment_method.added', 'payment_method.added', 'payment_method.removed']);
  });

  it('lets a secret key list its mode’s methods but not change them', async () => {
    const session = await newCompany();
    await add(session, us);
    const secretKey = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
    const listed = await server.api.get('/payment-methods', { token: secretKey });
    expect(listed.status).toBe(200);
    expect(listed.body.data.paymentMethods).toHaveLength(1);
    const refused = await server.api.post('/payment-methods', uk, { token: secretKey });
    expect(refused).toMatchObject({ status: 403, body: { message: paymentMethodMessages.dashboardOnly, data: { code: 'FORBIDDEN' } } });
    const id = listed.body.data.paymentMethods[0].id as string;
    expect((await server.api.post(`/payment-methods/${id}/remove`, {}, { token: secretKey })).status).toBe(403);
    expect((await server.api.get('/payment-methods')).status).toBe(401);
  });
});

describe('the second factor', () => {
  it('is asked to add and remove when an authenticator is on', async () => {
    const session = await newCompany();
    const setup = await server.api.post('/auth/2fa/setup', {}, { token: session.accessToken });
    const secret = base32Decode(setup.body.data.secret as string);
    const enabled = await server.api.post('/auth/2fa/enable', { otp: totp(secret, Math.floor(Date.now() / 1000)) }, { token: session.accessToken });
    expect(enabled.status).toBe(200);
    const recovery = enabled.body.data.recoveryCodes as string[];

    expect(await add(session, us)).toMatchObject({ status: 400, body: { data: { code: 'VALIDATION_FAILED', errors: { code: paymentMethodMessages.codeRequired } } } });
    expect(await add(session, { ...us, code: '000000' })).toMatchObject({ status: 400, body: { data: { errors: { code: messages.otpInvalid } } } });
    expect((await list(session)).body.data.paymentMethods).toEqual([]);
    const added = await add(session, { ...us, code: recovery[0] });
    expect(added.status).toBe(201);
    const id = added.body.data.id as string;
    expect(await remove(session, id)).toMatchObject({ status: 400, body: { data: { errors: { code: paymentMethodMessages.codeRequired } } } });
    expect((await remove(session, id, { code: recovery[1] })).status).toBe(200);
    // An emailed code is not offered to an authenticator user.
    expect((await server.api.post('/payment-methods/code', {}, { token: session.accessToken })).status).toBe(409);
  });

  it('takes a code emailed for it when email codes are the second factor', async () => {
    const session = await newCompany();
    const emailedCode = async () => {
      const mail = await server.mail.waitFor(session.user.email);
      return { code: mail.text.match(/Your code: (\d{6})/)![1]!, text: mail.text };
    };
    expect((await server.api.post('/auth/2fa/email/send-code', {}, { token: session.accessToken })).status).toBe(200);
    const enabling = await emailedCode();
    expect((await server.api.post('/auth/2fa/email/enable', { otp: enabling.code }, { token: session.accessToken })).status).toBe(200);

    expect(await add(session, uk)).toMatchObject({ status: 400, body: { data: { errors: { code: paymentMethodMessages.emailCodeRequired } } } });
    expect((await server.api.post('/payment-methods/code', {}, { token: session.accessToken })).body.message).toBe(paymentMethodMessages.codeSent);
    const emailed = await emailedCode();
    expect(emailed.text).toContain('add or remove a payment method');
    expect((await add(session, { ...uk, code: emailed.code })).status).toBe(201);
    // Spent.
    expect((await add(session, { ...us, code: emailed.code })).status).toBe(400);
  });
});

describe('the cooling-off period', () => {
  it('is the configured time', async () => {
    const quick = await startTestServer({ env: { PAYMENT_METHOD_COOLING_OFF_SECONDS: '0' } });
    try {
      const user = await createVerifiedUser(quick, { companyName: 'Okafor Logistics Limited' });
      const session = await login(quick, user);
      const accountNumber = await nubanNamed('OKAFOR LOGISTICS LIMITED');
      const added = await quick.api.post('/payment-methods', { kind: 'ng_bank_account', bankCode: GTBANK, accountNumber }, { token: session.accessToken });
      expect(added.body.data).toMatchObject({ status: 'usable', usableFrom: added.body.data.createdAt });
      expect((await quick.api.get('/payment-methods', { token: session.accessToken })).body.data.coolingOffSeconds).toBe(0);
    } finally {
      await quick.close();
    }
  });
});
