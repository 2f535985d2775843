import { defineEndpoint } from '../endpoint';
import { ratesResponse } from '../rates';

export const rateEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/rates',
    access: 'merchant',
    tags: ['rates'],
    summary: 'Market rates: every asset in USD and NGN, with their time and whether they are stale',
    description:
      'The same rates in test and live mode. A rate is stale once it is older than the configured age (5 minutes by default); crosses such as USDT/NGN are derived through USD. See docs/decisions/0066-market-rates-and-crosses.md.',
    response: ratesResponse,
    errors: [],
  }),
};
