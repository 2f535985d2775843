import { createHash } from 'node:crypto';
import type { Bank, ResolvedAccount } from '@fipay/contracts/kyb';
import { invalidAccountNumber, invalidBank } from './errors';
import { ngBanks, nubanBankCodes } from './ng-banks';
import { isValidNuban } from './nuban';
import type { BankProvider } from './types';

/**
 * Plausible names for sandbox name enquiries, upper-case like real ones. Which
 * one an account gets depends only on its bank code and number.
 */
export const sandboxAccountNames = [
  'ADEBAYO FOODS LIMITED',
  'OKAFOR LOGISTICS LIMITED',
  'CHUKWUEMEKA AND SONS ENTERPRISES',
  'BELLO AGRO ALLIED NIGERIA LIMITED',
  'EZE PHARMACEUTICALS LIMITED',
  'OLUWASEUN TEXTILES VENTURES',
  'NWANKWO BUILDING MATERIALS LIMITED',
  'IBRAHIM AUTO PARTS NIGERIA LIMITED',
  'ADEYEMI FASHION HOUSE',
  'OBI TECHNOLOGIES LIMITED',
  'AMINU GRAINS AND COMMODITIES LIMITED',
  'EKPO OIL AND GAS SERVICES LIMITED',
  'OGUNLEYE PRINTING PRESS',
  'IFEOMA BEAUTY WORLD ENTERPRISES',
  'DANLADI TRANSPORT COMPANY LIMITED',
  'AKINTOLA CONSULTING LIMITED',
  'UCHE ELECTRONICS AND APPLIANCES',
  'BABATUNDE REAL ESTATE LIMITED',
  'MUSA LIVESTOCK VENTURES',
  'ETIM FISHERIES LIMITED',
] as const;

const sandboxBanks: Bank[] = ngBanks
  .map((bank) => ({ bank_name: bank.name, code: bank.cbnCode ?? bank.paystackCode ?? bank.nipCode }))
  .sort((a, b) => a.bank_name.localeCompare(b.bank_name, 'en'));
const bankByCode = new Map(sandboxBanks.map((bank) => [bank.code, bank]));

function sandboxName(bankCode: string, accountNumber: string): string {
  const digest = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
  return sandboxAccountNames[digest.readUInt32BE(0) % sandboxAccountNames.length]!;
}

/**
 * The default bank directory: no network, no keys, no cost.
 *
 * - Banks come from the seed list; `code` is the CBN code where the bank has one,
 *   else its Paystack code (the fintechs: Kuda, Moniepoint, OPay, PalmPay).
 * - An account number resolves when it has 10 digits and, for a bank with a CBN
 *   code, passes the NUBAN check digit. Fintech numbers (often the holder's phone
 *   number) have no check digit, so any 10 digits resolve there.
 * - A resolved account gets a name picked by a hash of bank code + number.
 *
 * There are no magic numbers: no reserved account (not even 0000000000, which
 * happens to pass for First Bank 011) behaves differently from any other. To get
 * a number that resolves, take any 9-digit serial and append its check digit, via
 * sandboxAccountNumber(bankCode, serial) in ./nuban. To get one that fails,
 * change its last digit.
 */
export class SandboxBankProvider implements BankProvider {
  readonly name = 'sandbox' as const;

  async listBanks(): Promise<Bank[]> {
    return sandboxBanks.map((bank) => ({ ...bank }));
  }

  async resolveAccount({ bankCode, accountNumber }: { bankCode: string; accountNumber: string }): Promise<ResolvedAccount> {
    const started = performance.now();
    const bank = bankByCode.get(bankCode);
    if (!bank) throw invalidBank();
    if (!/^\d{10}$/.test(accountNumber)) throw invalidAccountNumber();
    if (nubanBankCodes.has(bankCode) && !isValidNuban(bankCode, accountNumber)) throw invalidAccountNumber();
    return {
      account_name: sandboxName(bankCode, accountNumber),
      account_number: accountNumber,
      bank_code: bank.code,
      bank_name: bank.bank_name,
      execution_time: Math.round(performance.now() - started),
      requests: 1,
    };
  }
}
