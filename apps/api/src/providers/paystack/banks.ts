import type { Bank, ResolvedAccount } from '@fipay/contracts/kyb';
import { z } from 'zod';
import { accountNotFound, invalidAccountNumber, invalidBank, providerUnavailable } from '../../banks/errors';
import { nubanBankCodes } from '../../banks/ng-banks';
import { isValidNuban } from '../../banks/nuban';
import type { BankProvider } from '../../banks/types';
import { paystackRequest } from './client';

export type PaystackOptions = {
  secretKey: string;
  /** Without a trailing slash, e.g. https://api.paystack.co */
  baseUrl: string;
  /** Per request, covering connection, headers and body. */
  timeoutMs: number;
  /** How long the bank list is kept (default one hour). */
  listTtlMs?: number;
  /** How long a successful name enquiry is kept (default ten minutes). */
  resolveTtlMs?: number;
  now?: () => number;
};

type Directory = { banks: Bank[]; byCode: Map<string, Bank>; expiresAt: number };
type Answer = { status: number; body: unknown };

const MAX_LIST_PAGES = 10;
const MAX_CACHED_RESOLUTIONS = 1000;

// GET /bank/resolve, 200: `{ status: true, data: { account_name, account_number, bank_id } }`; the name is what is read.
const resolveAnswer = z.object({ status: z.literal(true), data: z.object({ account_name: z.string() }) });
// GET /bank, 200: `{ status: true, data: [bank], meta: { next } }`; each bank read on its own, so one odd entry is
// skipped rather than the whole list refused.
const bankListAnswer = z.object({
  status: z.literal(true),
  data: z.array(z.unknown()),
  meta: z.object({ next: z.string().nullish().catch(null) }).nullish().catch(null),
});
const bankEntry = z.object({ name: z.string(), code: z.string(), active: z.boolean().nullish().catch(null), is_deleted: z.boolean().nullish().catch(null) });


/**
 * Paystack's bank list and account-name enquiry (GET /bank, GET /bank/resolve).
 *
 * - The list is cached for an hour and shared by concurrent callers; when a
 *   refresh fails, the previous list keeps being served.
 * - A bank code not in the list is refused ('Invalid Bank') and a deposit money
 *   bank number failing the NUBAN check digit is refused before Paystack is asked,
 *   since each enquiry costs money. Successful enquiries are kept ten minutes, so
 *   a form that looks the same account up again (blur, then submit) pays once.
 * - Paystack's 422 (and 400) for an unresolvable account becomes our 422. A bad
 *   key (401), rate limiting (429), 5xx, a body that is not the documented JSON,
 *   network errors and timeouts become 502 'unavailable'.
 */
export class PaystackBankProvider implements BankProvider {
  readonly name = 'paystack' as const;
  private directory: Directory | undefined;
  private loading: Promise<Directory> | undefined;
  private readonly resolved = new Map<string, { account: ResolvedAccount; expiresAt: number }>();
  private readonly now: () => number;

  constructor(private readonly options: PaystackOptions) {
    this.now = options.now ?? Date.now;
  }

  async listBanks(): Promise<Bank[]> {
    const { banks } = await this.bankDirectory();
    return banks.map((bank) => ({ ...bank }));
  }

  async resolveAccount({ bankCode, accountNumber }: { bankCode: string; accountNumber: string }): Promise<ResolvedAccount> {
    const started = performance.now();
    const bank = (await this.bankDirectory()).byCode.get(bankCode);
    if (!bank) throw invalidBank();
    if (!/^\d{10}$/.test(accountNumber)) throw invalidAccountNumber();
    if (nubanBankCodes.has(bankCode) && !isValidNuban(bankCode, accountNumber)) throw invalidAccountNumber();

    const key = `${bankCode}:${accountNumber}`;
    const cached = this.resolved.get(key);
    if (cached && cached.expiresAt > this.now()) return { ...cached.account, execution_time: Math.round(performance.now() - started) };

    const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
    const { status, body } = await this.get(`/bank/resolve?${query}`);
    if (status === 422 || status === 400) throw accountNotFound();
    if (status !== 200) throw providerUnavailable(`resolve answered HTTP ${status}`);
    if (body === undefined) throw providerUnavailable('resolve answered 200 with a body that is not JSON');
    const answer = resolveAnswer.safeParse(body);
    const accountName = answer.success ? answer.data.data.account_name.trim() : '';
    if (!accountName) throw providerUnavailable('resolve answered 200 without an account name');

    const account: ResolvedAccount = {
      account_name: accountName,
      account_number: accountNumber,
      bank_code: bank.code,
      bank_name: bank.bank_name,
      execution_time: Math.round(performance.now() - started),
      requests: 1,
    };
    this.remember(key, account);
    return account;
  }

  private remember(key: string, account: ResolvedAccount) {
    this.resolved.delete(key);
    if (this.resolved.size >= MAX_CACHED_RESOLUTIONS) {
      const oldest = this.resolved.keys().next().value;
      if (oldest !== undefined) this.resolved.delete(oldest);
    }
    this.resolved.set(key, { account, expiresAt: this.now() + (this.options.resolveTtlMs ?? 10 * 60_000) });
  }

  private async bankDirectory(): Promise<Directory> {
    const current = this.directory;
    if (current && current.expiresAt > this.now()) return current;
    this.loading ??= this.fetchDirectory().finally(() => {
      this.loading = undefined;
    });
    try {
      this.directory = await this.loading;
      return this.directory;
    } catch (error) {
      // A stale list beats no list: bank codes change rarely.
      if (current) return current;
      throw error;
    }
  }

  /** Every page of GET /bank, following Paystack's cursor (meta.next) when there is one. */
  private async fetchDirectory(): Promise<Directory> {
    const banks: Bank[] = [];
    const byCode = new Map<string, Bank>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const query = new URLSearchParams({ country: 'nigeria', currency: 'NGN', perPage: '100', use_cursor: 'true' });
      if (cursor) query.set('next', cursor);
      const { status, body } = await this.get(`/bank?${query}`);
      if (status !== 200) throw providerUnavailable(`bank list answered HTTP ${status}`);
      if (body === undefined) throw providerUnavailable('bank list answered 200 with a body that is not JSON');
      const answer = bankListAnswer.safeParse(body);
      if (!answer.success) throw providerUnavailable('bank list answered 200 without a data array');
      for (const entry of answer.data.data) {
        const item = bankEntry.safeParse(entry);
        if (!item.success || item.data.active === false || item.data.is_deleted === true) continue;
        const name = item.data.name.trim();
        const code = item.data.code.trim();
        if (!name || !code || byCode.has(code)) continue;
        const bank = { bank_name: name, code };
        byCode.set(code, bank);
        banks.push(bank);
      }
      const next = answer.data.meta?.next;
      if (typeof next !== 'string' || !next || next === cursor) break;
      cursor = next;
    }
    if (!banks.length) throw providerUnavailable('bank list was empty');
    banks.sort((a, b) => a.bank_name.localeCompare(b.bank_name, 'en'));
    return { banks, byCode, expiresAt: this.now() + (this.options.listTtlMs ?? 60 * 60_000) };
  }

  /** One GET with the secret key. Transport failures and timeouts are a 502; a body that is not JSON reads as undefined. */
  private async get(pathAndQuery: string): Promise<Answer> {
    const answer = await paystackRequest(this.options, 'GET', pathAndQuery);
    if ('failure' in answer) throw providerUnavailable(answer.failure);
    return answer;
  }
}
