import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { bankMessages } from './errors';
import { ngBanks } from './ng-banks';
import { sandboxAccountNumber } from './nuban';
import { sandboxAccountNames, SandboxBankProvider } from './sandbox';

const provider = new SandboxBankProvider();

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('sandbox bank directory', () => {
  it('lists every seed bank by name, with its CBN code or else its Paystack code', async () => {
    const banks = await provider.listBanks();
    expect(banks).toHaveLength(ngBanks.length);
    expect(banks.map((b) => b.bank_name)).toEqual([...banks.map((b) => b.bank_name)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(banks).toContainEqual({ bank_name: 'First Bank of Nigeria', code: '011' });
    expect(banks).toContainEqual({ bank_name: 'Access Bank', code: '044' });
    expect(banks).toContainEqual({ bank_name: 'Kuda Microfinance Bank', code: '50211' });
    expect(banks).toContainEqual({ bank_name: 'OPay', code: '999992' });
    expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
  });

  it('resolves a number that passes the check digit to a stable, plausible name', async () => {
    const first = await provider.resolveAccount({ bankCode: '011', accountNumber: '0000014579' });
    expect(first).toMatchObject({ account_number: '0000014579', bank_code: '011', bank_name: 'First Bank of Nigeria', requests: 1 });
    expect(first.execution_time).toBeGreaterThanOrEqual(0);
    expect(sandboxAccountNames).toContain(first.account_name);
    expect(first.account_name).toBe(first.account_name.toUpperCase());
    const again = await provider.resolveAccount({ bankCode: '011', accountNumber: '0000014579' });
    expect(again.account_name).toBe(first.account_name);
  });

  it('gives different accounts different names', async () => {
    const names = new Set<string>();
    for (let serial = 1; serial <= 40; serial++) {
      names.add((await provider.resolveAccount({ bankCode: '058', accountNumber: sandboxAccountNumber('058', serial) })).account_name);
    }
    expect(names.size).toBeGreaterThan(5);
  });

  it('refuses a number failing the check digit, and a malformed one', async () => {
    for (const accountNumber of ['0000014578', '0000015479', '001024678', 'abcdefghij']) {
      const error = await failure(provider.resolveAccount({ bankCode: '011', accountNumber }));
      expect(error.status, accountNumber).toBe(422);
      expect(error.message).toBe(bankMessages.accountNumberInvalid);
      expect(error.options.errors).toEqual({ accountNumber: bankMessages.accountNumberInvalid });
    }
  });

  it('refuses an unknown bank as Invalid Bank', async () => {
    for (const bankCode of ['999', '000011', '']) {
      const error = await failure(provider.resolveAccount({ bankCode, accountNumber: '0000014579' }));
      expect(error.status).toBe(422);
      expect(error.message).toBe('Invalid Bank');
    }
  });

  it('has no magic numbers: 0000000000 resolves only where its check digit passes', async () => {
    const firstBank = await provider.resolveAccount({ bankCode: '011', accountNumber: '0000000000' });
    expect(sandboxAccountNames).toContain(firstBank.account_name);
    expect((await failure(provider.resolveAccount({ bankCode: '058', accountNumber: '0000000000' }))).status).toBe(422);
  });

  it('resolves any 10 digits at a fintech, which has no check digit', async () => {
    const account = await provider.resolveAccount({ bankCode: '999992', accountNumber: '8031234567' });
    expect(account).toMatchObject({ bank_code: '999992', bank_name: 'OPay', account_number: '8031234567' });
  });
});
