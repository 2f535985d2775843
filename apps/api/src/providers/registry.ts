import type { Config } from '../config';
import { createBankProvider } from '../banks/create-bank-provider';
import { PaystackAcquirer, PaystackWebhooks } from './paystack/acquirer';
import type { Providers } from './types';

/**
 * The providers the configuration asks for (docs/decisions/0054-providers-behind-interfaces.md), built once at
 * start: with PAYSTACK_SECRET_KEY, Paystack acquires live charges, pays live settlements out and signs its
 * webhooks; without it there is no live acquirer or transfer provider (live payments are refused, test mode runs
 * on our own checkout as ever). The bank directory is the built-in sandbox or Paystack's (BANK_PROVIDER).
 */
export function createProviders(config: Config): Providers {
  const { paystackSecretKey, paystackBaseUrl, timeoutMs } = config.banks;
  const paystack = paystackSecretKey ? new PaystackAcquirer({ secretKey: paystackSecretKey, baseUrl: paystackBaseUrl.replace(/\/+$/, ''), timeoutMs }) : null;
  return {
    acquirers: { live: paystack },
    transfers: paystack,
    banks: createBankProvider(config),
    inbound: { paystack: paystackSecretKey ? new PaystackWebhooks(paystackSecretKey) : null },
  };
}
