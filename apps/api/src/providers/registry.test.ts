import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createProviders } from './registry';

const dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-providers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the provider registry', () => {
  it('builds no live acquirer, transfer provider or webhook reader without a Paystack key, and the sandbox bank directory', () => {
    const providers = createProviders(loadConfig({ DATA_DIR: dataDir }));
    expect(providers.acquirers.live).toBeNull();
    expect(providers.transfers).toBeNull();
    expect(providers.inbound.paystack).toBeNull();
    expect(providers.banks.name).toBe('sandbox');
  });

  it("builds Paystack's from its key, the bank directory as configured", () => {
    const key = 'sk_test_registry0000000000000000000000000000';
    const withKey = createProviders(loadConfig({ DATA_DIR: dataDir, PAYSTACK_SECRET_KEY: key }));
    expect(withKey.acquirers.live?.name).toBe('paystack');
    expect(withKey.transfers?.name).toBe('paystack');
    expect(withKey.inbound.paystack?.name).toBe('paystack');
    expect(withKey.banks.name).toBe('sandbox');
    expect(createProviders(loadConfig({ DATA_DIR: dataDir, PAYSTACK_SECRET_KEY: key, BANK_PROVIDER: 'paystack' })).banks.name).toBe('paystack');
  });

  it('reads a webhook only with the signature made by the key', () => {
    const key = 'sk_test_registry0000000000000000000000000000';
    const reader = createProviders(loadConfig({ DATA_DIR: dataDir, PAYSTACK_SECRET_KEY: key })).inbound.paystack!;
    const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: { id: 1, reference: 'ref-1' } }));
    expect(reader.signatureValid(body, { 'x-paystack-signature': createHmac('sha512', key).update(body).digest('hex') })).toBe(true);
    expect(reader.signatureValid(body, { 'x-paystack-signature': createHmac('sha512', 'sk_test_other').update(body).digest('hex') })).toBe(false);
    expect(reader.read(body)).toEqual({ action: 'charge.paid', key: 'charge.success:1', type: 'charge.success', reference: 'ref-1' });
  });

  it('builds the sandbox rate provider unless CoinGecko is asked for', () => {
    expect(createProviders(loadConfig({ DATA_DIR: dataDir })).rates.name).toBe('sandbox');
    expect(createProviders(loadConfig({ DATA_DIR: dataDir, RATE_PROVIDER: 'coingecko' })).rates.name).toBe('coingecko');
  });
});
