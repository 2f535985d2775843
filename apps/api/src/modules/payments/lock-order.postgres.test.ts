import { testCards } from '@fipay/contracts/payments';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, login, checkoutCode } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { ledgerDiscrepancies } from '../ledger/ledger';

/**
 * One lock order for every money path (docs/decisions/0038-one-lock-order-for-money.md), proved where locks can
 * cross: PostgreSQL, many connections. Account ids decide the order in which one posting locks its accounts, so
 * each company here gets its ledger accounts made beforehand with ids in a chosen order: one company whose
 * `available` sorts before `pending` and the platform's accounts, one the other way round. Before the lock order,
 * a charge (charge, then release to available) crossed a refund (available, then clearing) for one of the two,
 * and a payout (company row, then the payment rows it covers) crossed refunds (payment row, then the company row
 * through the refund's foreign key): PostgreSQL broke the circle with 40P01, answered 500.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    rateRules: {
      merchantTestPerKey: { limit: 10_000, windowSeconds: 1 },
      checkoutPerIp: { limit: 10_000, windowSeconds: 60 },
      checkoutTriesPerReference: { limit: 10_000, windowSeconds: 60 },
    },
  });
});
afterEach(async () => {
  expect(await ledgerDiscrepancies(server.db)).toEqual([]);
});
afterAll(async () => {
  await server.close();
});

const successCard = { number: testCards[0].number, expiry: '12/39', cvv: '123' };
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** The platform's test-mode accounts, made first with ids in the middle of the companies' ones. */
async function platformAccounts() {
  await server.db.query(
    `INSERT INTO ledger_accounts (id, company_id, livemode, code, currency, normal_side, allow_negative)
     VALUES ($1, NULL, false, 'acquirer_clearing', 'NGN', 'debit', true), ($2, NULL, false, 'fees', 'NGN', 'credit', true), ($3, NULL, false, 'bank', 'NGN', 'debit', true)
     ON CONFLICT DO NOTHING`,
    [id(0x500), id(0x501), id(0x502)],
  );
}

/** A merchant whose test accounts are made with ids in the order given (lowest first). */
async function merchant(order: ('pending' | 'available' | 'payouts_in_transit')[], base: number) {
  const user = await createVerifiedUser(server);
  const session = await login(server, user);
  const key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  const companyId = session.user.companyId as string;
  for (const [index, code] of order.entries()) {
    await server.db.query(
      `INSERT INTO ledger_accounts (id, company_id, livemode, code, currency, normal_side, allow_negative) VALUES ($1, $2, false, $3, 'NGN', 'credit', false)`,
      [id(base + index), companyId, code],
    );
  }
  await server.db.query(
    `INSERT INTO kyb_bank_details (company_id, currency, account_number, account_name, bank_name, bank_code, bvn_encrypted, bvn_last4)
     VALUES ($1, 'NGN', '0123456789', 'ADEBAYO FOODS LTD', 'First Bank of Nigeria', '011', 'not-used-here', '5678')`,
    [companyId],
  );
  return { key, companyId };
}

async function startCharge(key: string, amount: number) {
  const started = await server.api.post('/transactions/initialize', { amount, email: 'buyer@shop.ng' }, { token: key });
  expect(started.status).toBe(201);
  return started.body.data.reference as string;
}

async function paidCharge(key: string, amount: number) {
  const reference = await startCharge(key, amount);
  const paid = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, successCard);
  expect(paid.body.data.status).toBe('success');
  return reference;
}

const orders = {
  'available before pending, both before the platform': [['available', 'pending', 'payouts_in_transit'], 0x100],
  'pending before available, both after the platform': [['payouts_in_transit', 'pending', 'available'], 0x900],
} as const;

describe('one lock order for every money path, on PostgreSQL', () => {
  beforeAll(platformAccounts);

  for (const [name, [order, base]] of Object.entries(orders)) {
    it(`card payments and refunds at once never deadlock (${name})`, async () => {
      const { key } = await merchant([...order], base);
      const refundable = [];
      for (let i = 0; i < 4; i++) refundable.push(await paidCharge(key, 1_000_000));
      const statuses: number[] = [];
      for (let round = 0; round < 8; round++) {
        const pending = await Promise.all(Array.from({ length: 4 }, () => startCharge(key, 500_000)));
        const answers = await Promise.all([
          ...pending.map(async (reference) => server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, successCard)),
          ...refundable.map((reference) => server.api.post('/refunds', { reference, amount: 1_000 }, { token: key })),
        ]);
        statuses.push(...answers.map((answer) => answer.status));
      }
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(new Set(statuses)).toEqual(new Set([200, 201]));
    });

    it(`a payout with refunds at once never deadlocks (${name})`, async () => {
      const { key } = await merchant([...order], base + 0x10);
      const statuses: number[] = [];
      for (let round = 0; round < 5; round++) {
        const refundable = [];
        for (let i = 0; i < 15; i++) refundable.push(await paidCharge(key, 200_000));
        const answers = await Promise.all([
          server.api.post('/payouts', {}, { token: key }),
          ...refundable.map((reference) => server.api.post('/refunds', { reference, amount: 1_000 }, { token: key })),
        ]);
        statuses.push(...answers.map((answer) => answer.status));
      }
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
    });
  }
});
