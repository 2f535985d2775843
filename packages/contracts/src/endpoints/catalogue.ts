import type { AnyEndpoint } from '../endpoint';
import { accountEndpoints } from './account';
import { announcementAdminEndpoints, announcementEndpoints } from './announcements';
import { authEndpoints } from './auth';
import { backOfficeEndpoints } from './back-office';
import { backOfficeWalletEndpoints } from './back-office-wallet';
import { bankEndpoints } from './banks';
import { communityEndpoints } from './community';
import { companyEndpoints } from './company';
import { countryEndpoints } from './countries';
import { limitEndpoints, limitReviewEndpoints } from './daily-limits';
import { recipientEndpoints, tagEndpoints } from './fipay-tags';
import { apiKeyEndpoints, eventEndpoints, liveModeEndpoints, webhookDeliveryEndpoints, webhookEndpointEndpoints } from './developers';
import { notificationEndpoints } from './notifications';
import {
  balanceEndpoints,
  checkoutEndpoints,
  paymentLinkEndpoints,
  payPageEndpoints,
  providerEndpoints,
  refundEndpoints,
  legacySettlementEndpoints,
  payoutEndpoints,
  transactionEndpoints,
} from './payments';
import { paymentMethodEndpoints } from './payment-methods';
import { rateEndpoints } from './rates';
import { transferEndpoints } from './transfers';
import { systemEndpoints } from './system';
import { localUploadEndpoints, uploadEndpoints } from './uploads';
import { walletEndpoints } from './wallet';
import { withdrawalEndpoints } from './withdrawals';
import { disputeReviewEndpoints, offerEndpoints, tradeEndpoints } from './marketplace';
import { reputationEndpoints } from './reputation';
import { tradeChatEndpoints } from './trade-chat';

// Every module's endpoints by module name, for checks over the whole API (the contracts' own
// tests, and the server's test that it serves exactly these). The web app imports per module.
const modules = {
  accountEndpoints,
  announcementAdminEndpoints,
  announcementEndpoints,
  apiKeyEndpoints,
  authEndpoints,
  balanceEndpoints,
  backOfficeEndpoints,
  backOfficeWalletEndpoints,
  bankEndpoints,
  checkoutEndpoints,
  communityEndpoints,
  companyEndpoints,
  countryEndpoints,
  eventEndpoints,
  limitEndpoints,
  limitReviewEndpoints,
  liveModeEndpoints,
  notificationEndpoints,
  paymentLinkEndpoints,
  payPageEndpoints,
  providerEndpoints,
  paymentMethodEndpoints,
  rateEndpoints,
  transferEndpoints,
  withdrawalEndpoints,
  offerEndpoints,
  tradeEndpoints,
  disputeReviewEndpoints,
  reputationEndpoints,
  tradeChatEndpoints,
  recipientEndpoints,
  refundEndpoints,
  legacySettlementEndpoints,
  payoutEndpoints,
  systemEndpoints,
  tagEndpoints,
  transactionEndpoints,
  uploadEndpoints,
  walletEndpoints,
  webhookDeliveryEndpoints,
  webhookEndpointEndpoints,
  // Served when files are stored with the local driver (the default, and the test server's).
  localUploadEndpoints,
};

/** `[module.name, endpoint]` for every endpoint of the API. */
export const endpointCatalogue: [string, AnyEndpoint][] = Object.entries(modules).flatMap(([module, endpoints]) =>
  Object.entries(endpoints as Record<string, AnyEndpoint>).map(([name, endpoint]) => [`${module}.${name}`, endpoint] as [string, AnyEndpoint]),
);
