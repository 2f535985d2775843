import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import {
  addTestFundsRequest,
  testFundsResponse,
  walletAssetParams,
  walletResponse,
  walletStatementFilters,
  walletStatementQuery,
  walletStatementResponse,
} from '../wallet';

export const walletEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/wallet',
    access: 'merchant',
    tags: ['wallet'],
    summary: "The wallet: every asset's available, held and pending amounts, and their worth in USD and NGN",
    description:
      'Amounts are strings of digits of each asset\'s smallest unit. Worth is at current market rates, rounded down; an asset whose rate is stale has no worth (null) and says so (`rateStale`), and the total leaves it out (`complete: false`). See docs/decisions/0072-the-wallet-page-statements-and-test-funds.md.',
    response: walletResponse,
    errors: [],
  }),
  statement: defineEndpoint({
    method: 'GET',
    path: '/wallet/:asset/statement',
    access: 'merchant',
    tags: ['wallet'],
    summary: "An asset's statement: lines of the available balance, newest first, with the balance each left",
    description: 'Pages by keyset: pass the answer\'s `nextBefore` as `before` for older lines. `from` and `to` take a UTC day (both included) or an ISO 8601 instant.',
    params: walletAssetParams,
    query: walletStatementQuery,
    response: walletStatementResponse,
    errors: [],
  }),
  statementCsv: defineEndpoint({
    method: 'GET',
    path: '/wallet/:asset/statement.csv',
    access: 'merchant',
    tags: ['wallet'],
    summary: "An asset's statement as CSV, newest first, streamed (amounts as exact decimals of the asset)",
    params: walletAssetParams,
    query: walletStatementFilters,
    produces: ['text/csv'],
    response: z.string().describe('CSV, UTF-8 with a byte-order mark'),
    errors: [],
  }),
  addTestFunds: defineEndpoint({
    method: 'POST',
    path: '/wallet/:asset/test-funds',
    access: 'merchant',
    status: 201,
    tags: ['wallet'],
    summary: 'Adds test funds to an asset\'s available balance (test mode only, capped per asset per UTC day)',
    description:
      'From the platform\'s test faucet, one ledger entry of kind `test_funds`. Live mode answers 403 and moves nothing. Over the day\'s cap answers 422 with what is left. Takes an Idempotency-Key.',
    params: walletAssetParams,
    body: addTestFundsRequest,
    response: testFundsResponse,
    errors: ['UNPROCESSABLE'],
  }),
};
