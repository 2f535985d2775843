import {
  adminWalletResponse,
  companyWalletParams,
  paymentMethodRejectRequest,
  paymentMethodReviewListResponse,
  paymentMethodReviewQuery,
  walletFreezeRequest,
  walletFreezeResponse,
  walletStatementQuery,
  walletStatementResponse,
  walletUnfreezeRequest,
} from '../back-office-wallet';
import { defineEndpoint } from '../endpoint';
import { paymentMethodIdParams, paymentMethodResponse } from '../payment-methods';

const wallets = ['back office: wallets'];

/** A company's wallet in the back office, and the payment methods waiting for a name review (docs/decisions/0074-frozen-wallets.md). */
export const backOfficeWalletEndpoints = {
  wallet: defineEndpoint({
    method: 'GET',
    path: '/admin/applications/:companyId/wallet',
    access: 'reviewer',
    tags: wallets,
    summary: "The company's balances per asset and mode (available, held, pending, in transit, as digit strings) and the freeze in force in each mode",
    params: companyWalletParams,
    response: adminWalletResponse,
    errors: ['NOT_FOUND'],
  }),
  statement: defineEndpoint({
    method: 'GET',
    path: '/admin/applications/:companyId/wallet/statement',
    access: 'reviewer',
    tags: wallets,
    summary: "One of the company's accounts (mode, asset, account), newest line first, each with the balance it left; page with before = nextBefore",
    params: companyWalletParams,
    query: walletStatementQuery,
    response: walletStatementResponse,
    errors: ['NOT_FOUND'],
  }),
  freeze: defineEndpoint({
    method: 'POST',
    path: '/admin/applications/:companyId/wallet/freeze',
    access: 'reviewer',
    tags: wallets,
    summary: "Freeze the company's wallet in one mode with a reason: nothing leaves it (transfers, refunds, payouts are refused by the ledger); deposits still credit (audited, the company is notified)",
    params: companyWalletParams,
    body: walletFreezeRequest,
    response: walletFreezeResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  unfreeze: defineEndpoint({
    method: 'POST',
    path: '/admin/applications/:companyId/wallet/unfreeze',
    access: 'admin',
    tags: wallets,
    summary: "Lift the freeze on the company's wallet in one mode, with a reason (admins; audited, the company is notified)",
    params: companyWalletParams,
    body: walletUnfreezeRequest,
    response: walletFreezeResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  paymentMethodReviews: defineEndpoint({
    method: 'GET',
    path: '/admin/payment-methods/needs-review',
    access: 'reviewer',
    tags: wallets,
    summary: "Payment methods whose holder name is not the business's, waiting for a reviewer, newest first (keyset: before = nextBefore), each with the business's legal name",
    query: paymentMethodReviewQuery,
    response: paymentMethodReviewListResponse,
    errors: [],
  }),
  rejectPaymentMethod: defineEndpoint({
    method: 'POST',
    path: '/admin/payment-methods/:id/reject',
    access: 'reviewer',
    tags: wallets,
    summary: 'Refuse a payment method waiting for a name review: it is removed, and the business is told why (audited)',
    params: paymentMethodIdParams,
    body: paymentMethodRejectRequest,
    response: paymentMethodResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
};
