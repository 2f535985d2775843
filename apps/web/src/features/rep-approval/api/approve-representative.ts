import { approveRepresentativeResponse } from '@fipay/contracts/kyb';
import { api } from '../../../lib/api-client';

export type ApprovalRequest = { companyId: string; repId: string; token: string; fullName: string };

/** The emailed link's token is the credential: no bearer token is sent, even when someone is signed in here. */
export function approveRepresentative(body: ApprovalRequest) {
  return api.put('company/approve-representative', approveRepresentativeResponse, body, { auth: false });
}
