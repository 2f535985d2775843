import { defineEndpoint } from '../endpoint';
import {
  createWithdrawalRequest,
  withdrawalIdParams,
  withdrawalListQuery,
  withdrawalListResponse,
  withdrawalPreviewRequest,
  withdrawalPreviewResponse,
  withdrawalResponse,
} from '../withdrawals';

const rules =
  'See docs/decisions/0075-withdrawals.md: NGN, USD, GBP or EUR from the available balance to a usable saved payment method of the same currency, or NGN to the verified settlement bank account (`to`: settlement_account); the available balance must cover the amount and the flat fee of its currency (`fee`, none unless configured), which returns with the amount if the withdrawal fails; counted against the daily Send limit at its value in USD; nothing leaves a frozen wallet; live withdrawals need an approved business.';

export const withdrawalEndpoints = {
  preview: defineEndpoint({
    method: 'POST',
    path: '/withdrawals/preview',
    access: 'merchant',
    tags: ['withdrawals'],
    summary: 'What a withdrawal would do: where it goes (masked), the fee, what is left of the daily Send limit and whether a code is needed',
    description: `${rules} Moves nothing.`,
    body: withdrawalPreviewRequest,
    response: withdrawalPreviewResponse,
    errors: ['NOT_FOUND', 'RATE_STALE', 'UNPROCESSABLE', 'FORBIDDEN'],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/withdrawals',
    access: 'merchant',
    tags: ['withdrawals'],
    summary: 'Send an amount from the wallet to a bank account',
    description: `${rules} The Idempotency-Key header is required. A dashboard user sending more than the transfers' configured value (500 USD by default) gives the second factor's code (the authenticator's, or one emailed by POST /transfers/code); a secret key needs none. The withdrawal is pending until the provider answers (withdrawal.paid or withdrawal.failed; a failed one returns the money and the fee to available). A live NGN withdrawal is settled by Paystack's transfer webhook as soon as it arrives, or by a check every ten minutes.`,
    status: 201,
    body: createWithdrawalRequest,
    response: withdrawalResponse,
    errors: ['NOT_FOUND', 'RATE_STALE', 'LIMIT_EXCEEDED', 'UNPROCESSABLE', 'FORBIDDEN', 'CONFLICT'],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/withdrawals',
    access: 'merchant',
    tags: ['withdrawals'],
    summary: "The business's withdrawals in this mode, newest first, by keyset (`before`)",
    query: withdrawalListQuery,
    response: withdrawalListResponse,
    errors: [],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/withdrawals/:id',
    access: 'merchant',
    tags: ['withdrawals'],
    summary: 'One withdrawal of the business',
    params: withdrawalIdParams,
    response: withdrawalResponse,
    errors: ['NOT_FOUND'],
  }),
};
