import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '../../test/fake-paystack';
import { paystackSample, type PaystackSampleName } from '../../test/paystack-samples';
import { AppError } from '../../lib/errors';
import { PaystackAcquirer, PAYSTACK_MARK, readPaystackEvent } from './acquirer';

let fake: FakePaystack;
beforeAll(async () => {
  fake = await startFakePaystack();
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const paystack = () => new PaystackAcquirer({ secretKey: 'sk_test_edge', baseUrl: fake.url, timeoutMs: 500 });
/** Paystack answering one of its published samples, verbatim. */
const answering = (path: Parameters<FakePaystack['on']>[0], name: PaystackSampleName, status = 200) => fake.on(path, () => ({ status, body: paystackSample(name) }));
const read = (name: PaystackSampleName) => readPaystackEvent(Buffer.from(JSON.stringify(paystackSample(name))));

describe("Paystack's published samples, read at the edge", () => {
  it('reads every documented answer as Paystack publishes it', async () => {
    answering('/transaction/initialize', 'transactionInitialize');
    expect(
      await paystack().startCharge({ email: 'demo@test.com', amount: 40333, reference: 're4lyvq3s3', callbackUrl: 'https://app.test/checkout/re4lyvq3s3', mark: 'tx-1', metadata: { order: 7 } }),
    ).toEqual({ authorizationUrl: 'https://checkout.paystack.com/3ni8kdavz62431k' });
    // Our transaction's id rides in Paystack's metadata, beside the merchant's.
    expect(fake.requests.at(-1)?.body).toMatchObject({ metadata: { order: 7, [PAYSTACK_MARK]: 'tx-1' } });
    answering('/transaction/verify/', 'transactionVerify');
    // The sample's metadata is "" (sent none): no mark of ours.
    expect(await paystack().verifyCharge('re4lyvq3s3')).toEqual({
      providerId: '4099260516',
      mark: null,
      status: 'paid',
      providerStatus: 'success',
      amount: 40333,
      currency: 'NGN',
      channel: 'card',
      card: { brand: 'Visa', last4: '4081' },
      gatewayResponse: 'Successful',
    });
    answering('/refund', 'refundCreate');
    expect(await paystack().refund('T685312322670591', 10000, 'FiPay refund x')).toEqual({ refundId: '3018284' });
    answering('/refund/', 'refundFetch');
    expect(await paystack().refundStatus('1')).toBe('processed');
    answering('GET /refund', 'refundList');
    const window = { from: new Date('2020-04-01T00:00:00Z'), to: new Date('2020-06-01T00:00:00Z') };
    expect(await paystack().findRefund({ chargeId: '640672957', note: 'yada yada', ...window })).toEqual({ refundId: '742609', status: 'processed' });
    // The note on another transaction is not ours; the sample's one page read, nothing else is asked for.
    expect(await paystack().findRefund({ chargeId: '627178582', note: 'yada yada', ...window })).toBe('absent');
    answering('/transferrecipient', 'transferRecipientCreate');
    expect(await paystack().createRecipient({ name: 'Tolu Robert', accountNumber: '01000000010', bankCode: '058' })).toEqual({ recipientCode: 'RCP_m7ljkv8leesep7p' });
    answering('/transfer', 'transferInitiate');
    expect(await paystack().transfer({ amount: 100000, recipientCode: 'RCP_gd9vgag7n5lr5ix', reference: 'acv_9ee55786-2323-4760-98e2-6380c9cb3f68', reason: 'Bonus for the week' })).toEqual({
      status: 'paid',
      transferCode: 'TRF_v5tip3zx8nna9o78',
      amount: 100000,
    });
    answering('/transfer/verify/', 'transferVerify');
    expect(await paystack().verifyTransfer('acv_9ee55786-2323-4760-98e2-6380c9cb3f67')).toEqual({ status: 'paid', transferCode: 'TRF_8opchtrhtjlfz90n', amount: 100000 });
    answering('/transfer/verify/', 'transferNotFound', 404);
    expect(await paystack().verifyTransfer('acv_unknown-reference-1')).toBeNull();
    answering('/transfer', 'transferInvalidRecipient', 400);
    expect(await paystack().transfer({ amount: 100000, recipientCode: 'RCP_gone', reference: 'po-0a1b2c3d4e5f60718293', reason: 'FiPay payout' })).toEqual({ refused: 'Recipient specified is invalid' });
  });

  it('answers 502 for an answer that is not the documented one', async () => {
    const verify = paystackSample('transactionVerify');
    fake.on('/transaction/verify/', () => ({ status: 200, body: { ...verify, data: { ...verify.data, amount: '40333' } } }));
    const error = await paystack().verifyCharge('re4lyvq3s3').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 502 });
    const list = paystackSample('refundList');
    fake.on('GET /refund', () => ({ status: 200, body: { ...list, data: list.data.map(({ id: _id, ...rest }) => rest) } }));
    await expect(paystack().findRefund({ chargeId: '1', note: 'x', from: new Date(), to: new Date() })).rejects.toMatchObject({ status: 502 });
  });

  it('reads every published webhook: refund events by the transaction and the amount, a string or a number', () => {
    expect(read('chargeSuccess')).toEqual({ action: 'charge.paid', key: 'charge.success:302961', type: 'charge.success', reference: 'qTPrJoy9Bx' });
    expect(read('transferFailed')).toEqual({ action: 'transfer.failed', key: 'transfer.failed:69123462', type: 'transfer.failed', reference: '1976435206' });
    expect(read('refundProcessed')).toEqual({
      action: 'refund.updated',
      type: 'refund.processed',
      status: 'processed',
      chargeReference: 'T2154954_412829_3be32076_6lcg3',
      amount: 5000,
      refundId: null,
      note: null,
    });
    expect(read('refundFailed')).toMatchObject({ type: 'refund.failed', amount: 20000, refundId: null });
    expect(read('refundPending')).toMatchObject({ type: 'refund.pending', status: 'pending', amount: 10000, refundId: null });
    // Paystack's "processing" is our pending: nothing decided yet.
    expect(read('refundProcessing')).toMatchObject({ type: 'refund.processing', status: 'pending' });
    expect(read('refundNeedsAttention')).toEqual({
      action: 'refund.updated',
      type: 'refund.needs-attention',
      status: 'needs-attention',
      chargeReference: '88bfa94509eb96aa9785641c26cc57cc',
      amount: 5306,
      refundId: '123456',
      note: 'Refund for transaction 88bfa94509eb96aa9785641c26cc57cc by paystack@email.com',
    });
    expect(read('customerIdentificationSuccess')).toEqual({ action: 'ignored', type: 'customeridentification.success' });
    expect(readPaystackEvent(Buffer.from('not json'))).toBeNull();
  });
});

describe("the readiness question's plain answer", () => {
  it('says what happened in words that name no key, host, address or port', async () => {
    expect(await paystack().readiness(500)).toMatchObject({ state: 'ready', plain: "Paystack answered with the account's balance." });
    fake.on('/balance', () => ({ status: 401, body: { status: false, message: 'Invalid key' } }));
    expect(await paystack().readiness(500)).toMatchObject({ state: 'key_refused', plain: 'Paystack refused the secret key (HTTP 401).' });
    fake.on('/balance', () => ({ status: 503, body: { status: false, message: 'Down' } }));
    expect(await paystack().readiness(500)).toMatchObject({ state: 'unreachable', plain: "Paystack answered HTTP 503 instead of the account's balance." });
    fake.on('/balance', () => 'hang');
    expect(await paystack().readiness(500)).toMatchObject({ state: 'unreachable', plain: 'Paystack did not answer: no answer within 0.5 seconds.' });

    // Nothing listens on the fake's port once it is closed: the log's reason names the refusal; the plain words do not name the address.
    const gone = await startFakePaystack();
    await gone.close();
    const port = new URL(gone.url).port;
    const refused = await new PaystackAcquirer({ secretKey: 'sk_test_edge', baseUrl: gone.url, timeoutMs: 500 }).readiness(500);
    expect(refused).toMatchObject({ state: 'unreachable', reason: 'network error: ECONNREFUSED', plain: 'Paystack did not answer: the connection to Paystack was refused.' });
    expect(refused.plain).not.toMatch(new RegExp(`127\\.0\\.0\\.1|${port}|sk_test_edge`));
  });
});
