import { defineEndpoint } from '../endpoint';
import {
  companyTagResponse,
  recipientLookupQuery,
  recipientResponse,
  setTagRequest,
  tagAvailabilityQuery,
  tagAvailabilityResponse,
} from '../fipay-tags';

const adr = 'See docs/decisions/0068-fipay-tags.md.';

export const tagEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/tag',
    access: 'company',
    tags: ['tags'],
    summary: "The company's FiPay tag, and when it may next be changed",
    response: companyTagResponse,
    errors: [],
  }),
  set: defineEndpoint({
    method: 'PUT',
    path: '/tag',
    access: 'company',
    tags: ['tags'],
    summary: "Claims or changes the company's FiPay tag",
    description: `A tag is 3 to 20 lowercase letters, digits or underscores starting with a letter, typed in any case with or without the @; reserved words are refused. It may be changed once per TAG_CHANGE_INTERVAL_DAYS (30 days by default); a tag given up is held TAG_RELEASE_HOLD_DAYS (90 days) before another company may claim it. ${adr}`,
    body: setTagRequest,
    response: companyTagResponse,
    errors: ['CONFLICT', 'UNPROCESSABLE'],
  }),
  availability: defineEndpoint({
    method: 'GET',
    path: '/tag/availability',
    access: 'company',
    tags: ['tags'],
    summary: 'Whether a FiPay tag may be claimed by the calling company',
    description: `Rate limited per company. ${adr}`,
    query: tagAvailabilityQuery,
    response: tagAvailabilityResponse,
    errors: ['RATE_LIMITED'],
  }),
};

export const recipientEndpoints = {
  lookup: defineEndpoint({
    method: 'GET',
    path: '/recipients/lookup',
    access: 'merchant',
    tags: ['tags'],
    summary: 'The business a send would go to, by FiPay tag or by the email of one of its users: its verified name and tag',
    description: `What the dashboard's send confirmation shows, for a secret key to check before POST /transfers. Only businesses whose verification is approved are found, as a transfer reaches only those (in live mode too, where a live key also needs its own business approved); any other tag or email, known or not, gets the same 404. Looking up your own business is refused with 422. Rate limited per company, keys and dashboard sessions together (30 look-ups per 15 minutes by default), as tags can be guessed. See docs/decisions/0068-fipay-tags.md and 0083-transfers-hold-their-locks-for-one-statement.md.`,
    query: recipientLookupQuery,
    response: recipientResponse,
    errors: ['NOT_FOUND', 'UNPROCESSABLE', 'RATE_LIMITED'],
  }),
};
