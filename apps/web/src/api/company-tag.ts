import { tagEndpoints } from '@fipay/contracts/endpoints/fipay-tags';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../lib/api-client';

/** The business's FiPay tag (Settings sets it; Receive shows it). */
export const companyTagQueryOptions = () =>
  queryOptions({
    queryKey: ['fipay-tag'],
    queryFn: async ({ signal }) => (await callApi(tagEndpoints.get, { signal })).data,
  });
