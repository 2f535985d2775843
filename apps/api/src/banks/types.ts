import type { Bank, ResolvedAccount } from '@fipay/contracts/kyb';

/**
 * A bank directory: the list of banks and account-name enquiry. Failures are
 * AppErrors: UNPROCESSABLE (422) for a number that cannot be an account of that
 * bank, BAD_GATEWAY (502) when the provider is down, slow or answers nonsense.
 */
export interface BankProvider {
  readonly name: 'sandbox' | 'paystack';
  listBanks(): Promise<Bank[]>;
  resolveAccount(input: { bankCode: string; accountNumber: string }): Promise<ResolvedAccount>;
}
