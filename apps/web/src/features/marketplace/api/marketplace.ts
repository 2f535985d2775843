import { offerEndpoints, tradeEndpoints } from '@fipay/contracts/endpoints/marketplace';
import type { AssetCode } from '@fipay/contracts/assets';
import type { CreateOfferRequest, OfferSide, OpenTradeRequest, TradeMethod, TradeStatus } from '@fipay/contracts/marketplace';
import type { TradeDetail } from '@fipay/contracts/trade-disputes';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletKey } from '../../../api/wallet';
import { callApi } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { useMode } from '../../../stores/mode-store';

/** The list's filters as the page holds them (the cursor and limit are the query's own). */
export type MarketFilters = { side: OfferSide; asset: AssetCode; fiat: AssetCode; method?: TradeMethod; /** Smallest units of the asset. */ amount?: string };

const set = <T extends object>(values: T) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== '')) as T;

/**
 * The marketplace's offers, best price first, a page at a time: signed in, the business's mode (through the merchant
 * API, which also marks its own offers); signed out, the live marketplace as any visitor sees it.
 */
export function useMarketOffers(filters: MarketFilters) {
  const signedIn = useAuthStore((state) => Boolean(state.user && state.accessToken));
  const [mode] = useMode();
  return useInfiniteQuery({
    queryKey: ['market-offers', signedIn ? mode : 'public', filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = { ...set(filters), ...(pageParam ? { cursor: pageParam } : {}) };
      return (await (signedIn ? callApi(offerEndpoints.market, { query, signal }) : callApi(offerEndpoints.publicMarket, { query, signal }))).data;
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

const ownOffersKey = (mode: string) => ['offers', mode] as const;

export function useOwnOffers() {
  const [mode] = useMode();
  return useQuery({ queryKey: ownOffersKey(mode), queryFn: async ({ signal }) => (await callApi(offerEndpoints.list, { signal })).data });
}

export function useCreateOffer() {
  const [mode] = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: CreateOfferRequest; idempotencyKey: string }) => (await callApi(offerEndpoints.create, { body, idempotencyKey })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ownOffersKey(mode) }),
  });
}

export type OfferAction = 'pause' | 'resume' | 'close';

export function useOfferAction() {
  const [mode] = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: OfferAction }) => await callApi(offerEndpoints[action], { params: { id } }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ownOffersKey(mode) }), client.invalidateQueries({ queryKey: ['market-offers'] })]),
  });
}

export function useQuoteTrade() {
  return useMutation({ mutationFn: async (body: OpenTradeRequest) => (await callApi(tradeEndpoints.quote, { body })).data });
}

/** Opens with the Idempotency-Key of this confirmation, so a doubled click opens one trade. */
export function useOpenTrade() {
  const [mode] = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: OpenTradeRequest; idempotencyKey: string }) => (await callApi(tradeEndpoints.open, { body, idempotencyKey })).data,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['market-offers'] }),
        client.invalidateQueries({ queryKey: tradesKey(mode) }),
        client.invalidateQueries({ queryKey: walletKey(mode) }),
      ]),
  });
}

const tradesKey = (mode: string) => ['trades', mode] as const;
export const tradeKey = (mode: string, id: string) => ['trades', mode, 'one', id] as const;

/** The business's trades, newest first, a page at a time, optionally of one status. */
export function useTrades(status: TradeStatus | undefined) {
  const [mode] = useMode();
  return useInfiniteQuery({
    queryKey: [...tradesKey(mode), 'list', status ?? 'all'],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => (await callApi(tradeEndpoints.list, { query: { ...(status ? { status } : {}), ...(pageParam ? { before: pageParam } : {}) }, signal })).data,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
}

/** Statuses in which the other side may act: the page checks again every few seconds while the trade is in one. */
const waitingStatuses: readonly TradeStatus[] = ['awaiting_payment', 'paid', 'disputed'];

export function useTrade(id: string) {
  const [mode] = useMode();
  return useQuery({
    queryKey: tradeKey(mode, id),
    queryFn: async ({ signal }) => (await callApi(tradeEndpoints.get, { params: { id }, signal })).data,
    refetchInterval: (query) => (query.state.data && waitingStatuses.includes(query.state.data.status) ? 5000 : false),
  });
}

export type TradeAction = 'paid' | 'release' | 'cancel' | 'dispute';

export function useTradeAction(id: string) {
  const [mode] = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: TradeAction) => await callApi(tradeEndpoints[action], { params: { id } }),
    onSuccess: (answer, action) => {
      // A step answers the trade without its dispute: the one cached stays until the trade is read again.
      client.setQueryData<TradeDetail>(tradeKey(mode, id), (old) => ({ ...answer.data, dispute: old?.dispute ?? null }));
      if (action === 'dispute' || action === 'release') void client.invalidateQueries({ queryKey: tradeKey(mode, id) });
      return Promise.all([client.invalidateQueries({ queryKey: [...tradesKey(mode), 'list'] }), client.invalidateQueries({ queryKey: walletKey(mode) })]);
    },
  });
}

const favoritesKey = (mode: string) => ['favorites', mode] as const;

/** The business's favourite offers in this mode (signed in only; the marketplace marks them with a star). */
export function useFavorites(enabled = true) {
  const [mode] = useMode();
  return useQuery({ queryKey: favoritesKey(mode), queryFn: async ({ signal }) => (await callApi(offerEndpoints.favorites, { signal })).data, enabled });
}

export function useToggleFavorite() {
  const [mode] = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, favorite }: { id: string; favorite: boolean }) => await callApi(favorite ? offerEndpoints.saveFavorite : offerEndpoints.removeFavorite, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: favoritesKey(mode) }),
  });
}
