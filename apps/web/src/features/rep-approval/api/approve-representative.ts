import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import { callApi } from '../../../lib/api-client';

export type ApprovalRequest = { companyId: string; repId: string; token: string; fullName: string };

/** The emailed link's token is the credential: no bearer token is sent, even when someone is signed in here. */
export function approveRepresentative(body: ApprovalRequest) {
  return callApi(companyEndpoints.approveRepresentative, { body });
}
