import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rules that keep the API's parts apart (tools/eslint-boundaries.js), run as `npm run checks` runs them
// on code that breaks them and on code that does not.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('boundaries/')).map((m) => m.message);
}

describe('API module boundaries', () => {
  it("refuse a module writing another's table, and anyone but the ledger reading its books", async () => {
    const code = `export const sql = [
      'INSERT INTO webhook_deliveries (event_id) VALUES ($1)',
      \`UPDATE refunds r SET status = 'failed' WHERE r.id = $1\`,
      'DELETE FROM api_keys WHERE id = $1',
      'SELECT balance FROM ledger_accounts WHERE id = $1',
      'SELECT 1 FROM transactions t JOIN journal_lines l ON true',
    ];\n`;
    expect(await problems('apps/api/src/modules/developers/example.ts', code)).toEqual([
      expect.stringContaining('"developers" must not write table webhook_deliveries: it belongs to webhooks'),
      expect.stringContaining('"developers" must not write table refunds: it belongs to payments'),
      expect.stringContaining('"developers" must not read table ledger_accounts: it is private to ledger'),
      expect.stringContaining('"developers" must not read table journal_lines'),
    ]);
    expect(await problems('apps/api/src/modules/payments/example.ts', "export const sql = 'INSERT INTO brand_new_table VALUES (1)';\n")).toEqual([
      expect.stringContaining('it belongs to no part (add it to the list)'),
    ]);
  });

  it('let the owner write, row locks and upserts pass, and readers read tables that are not private', async () => {
    const code = `export const sql = [
      'INSERT INTO refunds (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET id = excluded.id',
      'SELECT 1 FROM refunds WHERE id = $1 FOR UPDATE',
      'SELECT 1 FROM companies WHERE id = $1 FOR NO KEY UPDATE',
      \`UPDATE transactions SET status = 'success' WHERE id = $1\`,
    ];\n`;
    expect(await problems('apps/api/src/modules/payments/example.ts', code)).toEqual([]);
  });

  it('refuse shared code importing a module', async () => {
    expect(await problems('apps/api/src/config.ts', "import { feeFor } from './modules/payments/charges/fees';\nexport const f = feeFor;\n")).toEqual([
      expect.stringContaining('shared code (config) must not import module "payments"'),
    ]);
    expect(await problems('apps/api/src/lib/example.ts', "import { post } from '../modules/ledger/ledger';\nexport const p = post;\n")).toEqual([
      expect.stringContaining('shared code (lib) must not import module "ledger"'),
    ]);
    expect(await problems('apps/api/src/modules/payments/example.ts', "import { post } from '../ledger/ledger';\nexport const p = post;\n")).toEqual([]);
  });

  it('keep imports inside payments running one way: shared rows, then links, refunds and payouts, then charges, then the wiring', async () => {
    const at = (file: string, source: string) => problems(`apps/api/src/modules/payments/${file}`, `import { x } from '${source}';\nexport const y = x;\n`);
    expect(await at('transaction-rows.ts', './charges/transactions')).toEqual([expect.stringContaining('payments/transaction-rows must not import payments/charges')]);
    expect(await at('refunds/refunds.ts', '../payouts/payouts')).toEqual([expect.stringContaining('payments/refunds must not import payments/payouts')]);
    expect(await at('payouts/balances.ts', '../charges/transactions')).toEqual([expect.stringContaining('payments/payouts must not import payments/charges')]);
    expect(await at('links/payment-links.ts', '../routes')).toEqual([expect.stringContaining('payments/links must not import payments/routes')]);
    expect(await at('charges/transactions.ts', '../payouts/balances')).toEqual([]);
    expect(await at('payouts/payouts.ts', '../transaction-rows')).toEqual([]);
    expect(await at('payouts/payouts.ts', './transfers')).toEqual([]);
    expect(await at('routes.ts', './links/payment-links')).toEqual([]);
  });
});
