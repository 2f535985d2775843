import type { AppError } from '../../lib/errors';

/**
 * The foreign payout provider (docs/decisions/0075-withdrawals.md): pays USD, GBP and EUR out to a bank account
 * abroad. Naira never comes here: it goes through the payouts' transfer provider (Paystack live, the sandbox in test).
 *
 * What a real provider's adapter must do (the sandbox below does the same, deterministically):
 * - `send` asks for one payout under OUR reference, which the provider must treat as an idempotency key: sending the
 *   same reference twice makes one payout. It answers the payout's state now, or a refusal (the provider will not
 *   make it: a closed account, a sanctions hit, an unsupported corridor), which is final and returns the money.
 * - `status` answers the payout with our reference as the provider has it now, or null when it has none (the
 *   request never reached it). The withdrawal job asks it before sending again, so a lost answer never pays twice.
 * - A provider that cannot be reached, or answers something unreadable, throws an AppError with code BAD_GATEWAY (the
 *   reason in `cause`): the withdrawal stays pending and the job tries again later.
 * - Amounts are exact integers of the currency's smallest unit (cents, pence); an answer whose amount or currency
 *   differs from what was asked is never settled (the withdrawal stays pending for a person to look at).
 */
export type ForeignCurrency = 'USD' | 'GBP' | 'EUR';

export type ForeignAccount = {
  kind: 'iban' | 'gb_account' | 'us_account';
  /** The holder's name as saved (and reviewed) with the payment method. */
  accountName: string;
  /** BIC (iban), sort code (gb_account) or ABA routing number (us_account). */
  bankCode: string;
  /** IBAN, UK account number or US account number. */
  accountNumber: string;
};

export type ForeignPayoutState = {
  status: 'pending' | 'paid' | 'failed';
  /** The provider's own id for the payout. */
  providerId: string;
  currency: ForeignCurrency;
  amount: bigint;
  /** Why it failed, in words a business can read (failed only). */
  reason?: string;
};

export type ForeignPayoutRefusal = { refused: string };

export interface ForeignPayoutProvider {
  readonly name: string;
  send(input: { reference: string; currency: ForeignCurrency; amount: bigint; account: ForeignAccount }): Promise<ForeignPayoutState | ForeignPayoutRefusal>;
  status(reference: string): Promise<ForeignPayoutState | null>;
}

/** Thrown by a provider that cannot be reached (documented above); re-exported for adapters. */
export type ProviderUnreachable = AppError & { code: 'BAD_GATEWAY' };

export const sandboxForeignFailure = 'The receiving bank returned the payment: the account is closed (test mode: account numbers ending in 000 fail).';

/**
 * The sandbox foreign payout provider (test mode): nothing leaves the machine. Like the naira sandbox, an account
 * number (or IBAN) ending in 000 fails; every other payout is paid at once. It keeps what it was sent, so `status`
 * answers like a provider's and a second `send` of one reference makes no second payout.
 */
export function sandboxForeignPayouts(): ForeignPayoutProvider {
  const sent = new Map<string, ForeignPayoutState>();
  return {
    name: 'sandbox_foreign',
    async send({ reference, currency, amount, account }) {
      const known = sent.get(reference);
      if (known) return known;
      const failed = account.accountNumber.replace(/\s+/g, '').endsWith('000');
      const state: ForeignPayoutState = failed
        ? { status: 'failed', providerId: `sbx_${reference}`, currency, amount, reason: sandboxForeignFailure }
        : { status: 'paid', providerId: `sbx_${reference}`, currency, amount };
      sent.set(reference, state);
      return state;
    },
    async status(reference) {
      return sent.get(reference) ?? null;
    },
  };
}
