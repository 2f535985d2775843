import { offerEndpoints, tradeEndpoints } from '@fipay/contracts/endpoints/marketplace';
import type { AssetCode } from '@fipay/contracts/assets';
import type { CreateOfferRequest, OfferSide, OpenTradeRequest, TradeMethod, TradeStatus } from '@fipay/contracts/marketplace';
import type { TradeDetail } from '@fipay/contracts/trade-disputes';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

const tradeQuery = (mode: string, id: string) => ({
  queryKey: tradeKey(mode, id),
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await callApi(tradeEndpoints.get, { params: { id }, signal })).data,
});

/** One trade for a part of its page (the dispute panel): no poll of its own, the page's `useTrade` keeps it fresh. */
export function useTradeData(id: string) {
  const [mode] = useMode();
  return useQuery(tradeQuery(mode, id));
}

/** Statuses in which the other side may act: the page checks the trade again while it is in one. */
const waitingStatuses: readonly TradeStatus[] = ['awaiting_payment', 'paid', 'disputed'];

/** How often a waiting trade is read again: often while its live stream is down, rarely (a safety net) while it is up. */
export const TRADE_POLL_MS = { streamDown: 5_000, streamUp: 30_000 } as const;

/**
 * One trade. While `live` (the trade's chat stream is open) every step and every change reaches the page as a stream
 * event, which reads the trade again, so the poll only backs the stream up.
 */
export function useTrade(id: string, live = false) {
  const [mode] = useMode();
  const client = useQueryClient();
  const key = tradeKey(mode, id);
  // A stream that (re)opens may have missed a change while it was down: the trade is read again then.
  useEffect(() => {
    if (live) void client.invalidateQueries({ queryKey: key });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the mode and id
  }, [live, mode, id, client]);
  return useQuery({
    ...tradeQuery(mode, id),
    refetchInterval: (query) => (query.state.data && waitingStatuses.includes(query.state.data.status) ? (live ? TRADE_POLL_MS.streamUp : TRADE_POLL_MS.streamDown) : false),
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
