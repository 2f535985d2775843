import { expect } from 'vitest';
import { createVerifiedUser, login } from './fixtures';
import type { TestServer } from './server';
import { post } from '../modules/ledger/ledger';

/**
 * What the transfer lock tests share (transfer-statements.test.ts, transfer-locks.postgres.test.ts): approved
 * companies with a FiPay tag and a test secret key, and test dollars straight on the ledger.
 */
export function transferFixtures(server: () => TestServer) {
  async function newCompany(tag: string) {
    const s = server();
    const session = await login(s, await createVerifiedUser(s));
    await s.db.query(`INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED') ON CONFLICT (company_id) DO UPDATE SET status = 'APPROVED'`, [session.user.companyId]);
    expect((await s.api.request('PUT', '/api/v1/tag', { token: session.accessToken, body: { tag } })).status).toBe(200);
    const key = (await s.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
    return { id: session.user.companyId, key, tag };
  }

  /** US cents into a company's available balance from the test faucet. */
  async function fundDollars(company: { id: string }, cents: bigint, reference: string) {
    await server().db.transaction((tx) =>
      post(tx, {
        livemode: false,
        companyId: company.id,
        kind: 'test_funds',
        reference,
        lines: [
          { account: { code: 'test_faucet', currency: 'USD' }, amount: cents },
          { account: { companyId: company.id, code: 'available', currency: 'USD' }, amount: -cents },
        ],
      }),
    );
  }

  return { newCompany, fundDollars };
}
