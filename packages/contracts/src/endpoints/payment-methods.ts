import { defineEndpoint } from '../endpoint';
import {
  addPaymentMethodRequest,
  paymentMethodCodeResponse,
  paymentMethodIdParams,
  paymentMethodListResponse,
  paymentMethodResponse,
  removePaymentMethodRequest,
} from '../payment-methods';

const rules =
  'See docs/decisions/0067-payment-methods.md: per mode; a new method can receive withdrawals from usableFrom (24 hours after it was added unless configured), and one whose holder name is not the business name waits for a reviewer.';

export const paymentMethodEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/payment-methods',
    access: 'merchant',
    tags: ['payment-methods'],
    summary: "The business's saved accounts in this mode, newest first, each with when it can receive withdrawals",
    description: rules,
    response: paymentMethodListResponse,
    errors: [],
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/payment-methods',
    access: 'merchant',
    tags: ['payment-methods'],
    summary: 'Save a Nigerian account (resolved by name enquiry) or a foreign one (IBAN with BIC, UK sort code, US routing number)',
    description: `${rules} Dashboard sessions only (a secret key answers 403), with the second factor's code when two-factor sign-in is on. A number that fails its check answers 400 keyed by the field; a Nigerian number the bank does not know, 422.`,
    status: 201,
    body: addPaymentMethodRequest,
    response: paymentMethodResponse,
    errors: ['CONFLICT', 'UNPROCESSABLE', 'RATE_LIMITED', 'BAD_GATEWAY'],
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/payment-methods/:id/remove',
    access: 'merchant',
    tags: ['payment-methods'],
    summary: 'Remove a saved account; it receives nothing from then on',
    description: "Dashboard sessions only, with the second factor's code when two-factor sign-in is on.",
    params: paymentMethodIdParams,
    body: removePaymentMethodRequest,
    response: paymentMethodResponse,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  }),
  sendCode: defineEndpoint({
    method: 'POST',
    path: '/payment-methods/code',
    access: 'company',
    tags: ['payment-methods'],
    summary: 'Email a code that confirms adding or removing a payment method (for users whose second factor is email codes)',
    response: paymentMethodCodeResponse,
    errors: ['CONFLICT', 'RATE_LIMITED'],
  }),
  clearReview: defineEndpoint({
    method: 'POST',
    path: '/admin/payment-methods/:id/clear-review',
    access: 'reviewer',
    tags: ['back-office'],
    summary: "Accept a payment method's holder name that is not the business name, so it can receive money after its cooling-off period",
    params: paymentMethodIdParams,
    response: paymentMethodResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
};
