import { expect } from 'vitest';
import { createVerifiedUser, login } from './fixtures';
import type { TestServer } from './server';
import { post, walletBalances } from '../modules/ledger/ledger';

/**
 * What the withdrawal tests share (withdrawals.test.ts, and withdrawals.postgres.test.ts for what needs concurrent
 * connections): companies with keys, test money, saved payment methods and settlement accounts written as their
 * modules would have written them, and a way to wait for the withdrawal job.
 */
export function withdrawalFixtures(server: () => TestServer) {
  type Company = Awaited<ReturnType<typeof login>> & { email: string; key: string; id: string };

  async function newCompany(options: { approved?: boolean } = {}): Promise<Company> {
    const s = server();
    const user = await createVerifiedUser(s);
    const session = await login(s, user);
    const key = (await s.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
    if (options.approved !== false) {
      await s.db.query(`INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED') ON CONFLICT (company_id) DO UPDATE SET status = 'APPROVED'`, [
        session.user.companyId,
      ]);
    }
    return { ...session, email: user.email, key, id: session.user.companyId };
  }

  let funds = 0;
  /** Test money into a company's available balance, straight on the ledger. */
  async function fund(company: { id: string }, asset: string, amount: bigint) {
    await server().db.transaction((tx) =>
      post(tx, {
        livemode: false,
        companyId: company.id,
        kind: 'test_funds',
        reference: `wd-fund-${Date.now()}-${(funds += 1)}`,
        lines: [
          { account: { code: 'test_faucet', currency: asset as 'USD' }, amount },
          { account: { companyId: company.id, code: 'available', currency: asset as 'USD' }, amount: -amount },
        ],
      }),
    );
  }

  let methods = 0;
  type MethodOptions = {
    kind?: 'ng_bank_account' | 'iban' | 'gb_account' | 'us_account';
    currency?: 'NGN' | 'USD' | 'GBP' | 'EUR';
    accountNumber?: string;
    livemode?: boolean;
    nameReview?: 'not_needed' | 'needs_review';
    coolingOff?: boolean;
    removed?: boolean;
  };
  /** A saved payment method as payment-methods.ts writes one: usable now unless told to be cooling off, in review or removed. */
  async function addMethod(company: { id: string }, options: MethodOptions = {}): Promise<string> {
    methods += 1;
    const kind = options.kind ?? 'us_account';
    const currency = options.currency ?? (kind === 'ng_bank_account' ? 'NGN' : kind === 'gb_account' ? 'GBP' : kind === 'iban' ? 'EUR' : 'USD');
    const accountNumber = options.accountNumber ?? `${kind === 'ng_bank_account' ? '01' : '9'}${String(Date.now()).slice(-6)}${String(methods).padStart(2, '0')}`;
    const { rows } = await server().db.query<{ id: string }>(
      `INSERT INTO payment_methods (company_id, livemode, kind, currency, country, account_name, bank_name, bank_code, account_number, account_key, name_review, usable_from, removed_at)
       VALUES ($1, $2, $3, $4, $5, 'Acme Trading Ltd', $6, $7, $8, $9, $10, now() + make_interval(hours => $11), CASE WHEN $12 THEN now() END) RETURNING id`,
      [
        company.id,
        options.livemode ?? false,
        kind,
        currency,
        kind === 'ng_bank_account' ? 'NG' : kind === 'gb_account' ? 'GB' : kind === 'iban' ? 'DE' : 'US',
        kind === 'ng_bank_account' ? 'Test Bank' : null,
        kind === 'ng_bank_account' ? '058' : kind === 'gb_account' ? '089999' : kind === 'iban' ? 'DEUTDEFF' : '021000021',
        accountNumber,
        `${kind}:${accountNumber}:${methods}`,
        options.nameReview ?? 'not_needed',
        options.coolingOff ? 24 : -1,
        options.removed ?? false,
      ],
    );
    return rows[0]!.id;
  }

  /** The verified settlement bank account KYB keeps (where payouts go). */
  async function addSettlementAccount(company: { id: string }, accountNumber = '0123456789') {
    await server().db.query(
      `INSERT INTO kyb_bank_details (company_id, currency, account_number, account_name, bank_name, bank_code, bvn_encrypted, bvn_last4)
       VALUES ($1, 'NGN', $2, 'Acme Trading Ltd', 'Test Bank', '058', 'x', '1234')`,
      [company.id, accountNumber],
    );
  }

  const balances = async (company: { id: string }, asset: string, livemode = false) => {
    const balance = (await walletBalances(server().db, company.id, livemode)).get(asset as 'USD');
    return { available: balance?.available ?? 0n, inTransit: balance?.payoutsInTransit ?? 0n };
  };

  let keys = 0;
  const withdraw = (auth: string, body: Record<string, unknown>, headers: Record<string, string> = { 'Idempotency-Key': `wd-${Date.now()}-${(keys += 1)}` }) =>
    server().api.post('/withdrawals', body, { token: auth, headers });

  /** The withdrawal once the job has decided it. */
  async function settled(auth: string, id: string) {
    await server().app.withdrawals.drain();
    const got = await server().api.get(`/withdrawals/${id}`, { token: auth });
    expect(got.status).toBe(200);
    return got.body.data as { status: string; failureReason: string | null };
  }

  return { newCompany, fund, addMethod, addSettlementAccount, balances, withdraw, settled };
}
