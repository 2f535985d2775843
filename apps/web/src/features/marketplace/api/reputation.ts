import { reputationEndpoints } from '@fipay/contracts/endpoints/reputation';
import type { LeaveFeedbackRequest, PartnerMark } from '@fipay/contracts/reputation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useMode } from '../../../stores/mode-store';

/** Each mode has its own trades, partners and badges: the mode is part of every key. */
const keys = {
  feedback: (mode: string, tradeId: string) => ['trade-feedback', mode, tradeId] as const,
  partners: (mode: string) => ['trade-partners', mode] as const,
  statistics: (mode: string) => ['trade-statistics', mode] as const,
  badges: (mode: string) => ['trader-badges', mode] as const,
};

export function useTradeFeedback(tradeId: string) {
  const [mode] = useMode();
  return useQuery({
    queryKey: keys.feedback(mode, tradeId),
    queryFn: async ({ signal }) => (await callApi(reputationEndpoints.feedback, { params: { id: tradeId }, signal })).data,
  });
}

export function useLeaveFeedback(tradeId: string) {
  const [mode] = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LeaveFeedbackRequest) => await callApi(reputationEndpoints.leaveFeedback, { params: { id: tradeId }, body }),
    onSuccess: (answer) => {
      client.setQueryData(keys.feedback(mode, tradeId), answer.data);
      void client.invalidateQueries({ queryKey: keys.statistics(mode) });
    },
  });
}

export function usePartners() {
  const [mode] = useMode();
  return useQuery({ queryKey: keys.partners(mode), queryFn: async ({ signal }) => (await callApi(reputationEndpoints.partners, { signal })).data });
}

export function useMarkPartner() {
  const [mode] = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, mark }: { id: string; mark: PartnerMark | null }) =>
      mark ? await callApi(reputationEndpoints.markPartner, { params: { id }, body: { mark } }) : await callApi(reputationEndpoints.unmarkPartner, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.partners(mode) }),
  });
}

export function useTradeStatistics() {
  const [mode] = useMode();
  return useQuery({ queryKey: keys.statistics(mode), queryFn: async ({ signal }) => (await callApi(reputationEndpoints.statistics, { signal })).data });
}

export function useBadges() {
  const [mode] = useMode();
  return useQuery({ queryKey: keys.badges(mode), queryFn: async ({ signal }) => (await callApi(reputationEndpoints.badges, { signal })).data });
}
