import { accountEndpoints } from '@fipay/contracts/endpoints/account';
import type { EmailPreferences, EmailTopic } from '@fipay/contracts/account';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const emailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['email-preferences'],
    queryFn: async ({ signal }) => (await callApi(accountEndpoints.emailPreferences, { signal })).data,
  });

/** Turns one money email on or off; the cache takes the server's answer. */
export function useSetEmailPreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ topic, on }: { topic: EmailTopic; on: boolean }) => (await callApi(accountEndpoints.updateEmailPreferences, { body: { [topic]: on } })).data,
    onSuccess: (preferences: EmailPreferences) => client.setQueryData(emailPreferencesQueryOptions().queryKey, preferences),
  });
}
