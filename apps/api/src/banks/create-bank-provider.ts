import type { Config } from '../config';
import { PaystackBankProvider } from './paystack';
import { SandboxBankProvider } from './sandbox';
import type { BankProvider } from './types';

/** The bank directory the configuration asks for: sandbox (default) or Paystack. */
export function createBankProvider(config: Config): BankProvider {
  const { provider, paystackSecretKey, paystackBaseUrl, timeoutMs } = config.banks;
  if (provider === 'paystack') {
    // loadConfig already refuses BANK_PROVIDER=paystack without a key; this guards hand-made configs.
    if (!paystackSecretKey) throw new Error('PAYSTACK_SECRET_KEY is required when BANK_PROVIDER=paystack');
    return new PaystackBankProvider({ secretKey: paystackSecretKey, baseUrl: paystackBaseUrl.replace(/\/+$/, ''), timeoutMs });
  }
  return new SandboxBankProvider();
}
