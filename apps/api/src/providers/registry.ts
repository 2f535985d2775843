import type { Config } from '../config';
import { SandboxBankProvider } from '../banks/sandbox';
import { PaystackAcquirer, PaystackWebhooks } from './paystack/acquirer';
import { PaystackBankProvider } from './paystack/banks';
import { CoinGeckoRateProvider } from './rates/coingecko';
import { SandboxRateProvider } from './rates/sandbox';
import type { Providers, RateProvider } from './types';

/**
 * The providers the configuration asks for (docs/decisions/0054-providers-behind-interfaces.md), built once at
 * start: with PAYSTACK_SECRET_KEY, Paystack acquires live charges, pays live payouts out and signs its
 * webhooks; without it there is no live acquirer or transfer provider (live payments are refused, test mode runs
 * on our own checkout as ever). The bank directory is the built-in sandbox or Paystack's (BANK_PROVIDER). This is
 * the one place that picks an implementation. Market rates come from the sandbox (drifting configured mid rates) or
 * CoinGecko (RATE_PROVIDER; docs/decisions/0066-market-rates-and-crosses.md).
 */
export function createProviders(config: Config): Providers {
  const { provider, paystackSecretKey, paystackBaseUrl, timeoutMs } = config.banks;
  const baseUrl = paystackBaseUrl.replace(/\/+$/, '');
  const paystack = paystackSecretKey ? new PaystackAcquirer({ secretKey: paystackSecretKey, baseUrl, timeoutMs }) : null;
  return {
    acquirers: { live: paystack },
    transfers: paystack,
    banks: provider === 'paystack' ? paystackBanks(paystackSecretKey, baseUrl, timeoutMs) : new SandboxBankProvider(),
    inbound: { paystack: paystackSecretKey ? new PaystackWebhooks(paystackSecretKey) : null },
    rates: rateProvider(config.rates),
  };
}

function rateProvider(rates: Config['rates']): RateProvider {
  if (rates.provider === 'coingecko') return new CoinGeckoRateProvider({ ...rates.coingecko, timeoutMs: rates.timeoutMs });
  return new SandboxRateProvider(rates.sandbox);
}

/** Paystack's bank directory (BANK_PROVIDER=paystack). */
function paystackBanks(secretKey: string | undefined, baseUrl: string, timeoutMs: number): PaystackBankProvider {
  // loadConfig already refuses BANK_PROVIDER=paystack without a key; this guards hand-made configs.
  if (!secretKey) throw new Error('PAYSTACK_SECRET_KEY is required when BANK_PROVIDER=paystack');
  return new PaystackBankProvider({ secretKey, baseUrl, timeoutMs });
}
