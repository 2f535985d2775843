import { MODE_HEADER } from '@fipay/contracts/developers';
import { tradeChatEndpoints } from '@fipay/contracts/endpoints/trade-chat';
import type { ChatAttachmentType, ReadMarks, TradeMessage } from '@fipay/contracts/trade-chat';
import type { tradeStatuses } from '@fipay/contracts/marketplace';
import { ApiError, callApi, currentAccessToken, endpointUrl, toApiError } from '../../../lib/api-client';
import { currentMode } from '../../../stores/mode-store';
import { sseParser } from './sse';

export type TradeStatus = (typeof tradeStatuses)[number];

export const chatKey = (tradeId: string) => ['trade-chat', tradeId] as const;

export async function loadMessages(tradeId: string, before?: string) {
  return (await callApi(tradeChatEndpoints.messages, { params: { id: tradeId }, query: before ? { before } : {} })).data;
}

/** Sends a message: the file (when there is one) uploaded first through a link of the trade's own, then the message. */
export async function sendMessage(tradeId: string, input: { body: string; file: File | null; idempotencyKey: string }): Promise<TradeMessage> {
  let attachment: { objectKey: string; name: string } | undefined;
  if (input.file) {
    const link = (await callApi(tradeChatEndpoints.uploadUrl, { params: { id: tradeId }, body: { fileName: input.file.name, contentType: input.file.type as ChatAttachmentType } })).data;
    const put = await fetch(link.uploadUrl, { method: 'PUT', headers: { 'Content-Type': input.file.type }, body: input.file });
    if (!put.ok) throw toApiError(put.status, await put.json().catch(() => null));
    attachment = { objectKey: link.objectKey, name: input.file.name };
  }
  return (await callApi(tradeChatEndpoints.send, { params: { id: tradeId }, body: { body: input.body, attachment }, idempotencyKey: input.idempotencyKey })).data;
}

export async function markRead(tradeId: string, seq: string): Promise<ReadMarks> {
  return (await callApi(tradeChatEndpoints.read, { params: { id: tradeId }, body: { seq } })).data;
}

export async function attachmentUrl(tradeId: string, messageId: string): Promise<string> {
  return (await callApi(tradeChatEndpoints.attachment, { params: { id: tradeId, messageId } })).data.url;
}

export type StreamHandlers = {
  onMessage: (message: TradeMessage) => void;
  onRead: (reads: ReadMarks) => void;
  onTrade: (status: TradeStatus) => void;
  /** The stream is open (true) or down until it opens again (false); not called once `signal` aborts. */
  onLive?: (live: boolean) => void;
};

/**
 * Follows a trade's live stream (GET /trades/:id/stream) until `signal` aborts: read with fetch, which sends the
 * session's Authorization and mode headers that an EventSource cannot (ADR 0085). When the stream ends or fails it
 * opens again after a pause, from the last message it had (`lastSeq()`), with a fresh token.
 */
export async function followTradeStream(tradeId: string, lastSeq: () => string | null, handlers: StreamHandlers, signal: AbortSignal, retryMs = 2_000) {
  while (!signal.aborted) {
    try {
      const token = await currentAccessToken();
      const after = lastSeq();
      const response = await fetch(endpointUrl(tradeChatEndpoints.stream, { id: tradeId }), {
        headers: { Accept: 'text/event-stream', [MODE_HEADER]: currentMode(), ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(after ? { 'Last-Event-ID': after } : {}) },
        signal,
      });
      if (!response.ok || !response.body) throw toApiError(response.status, await response.json().catch(() => null));
      handlers.onLive?.(true);
      const parse = sseParser(({ event, data }) => {
        const value = JSON.parse(data) as unknown;
        if (event === 'message') handlers.onMessage(value as TradeMessage);
        else if (event === 'read') handlers.onRead(value as ReadMarks);
        else if (event === 'trade') handlers.onTrade((value as { status: TradeStatus }).status);
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch (error) {
      if (signal.aborted) return;
      handlers.onLive?.(false);
      // A trade that is not the business's (or a session that ended) will not come back by trying again.
      if (error instanceof ApiError && (error.status === 404 || error.status === 401 || error.status === 403)) return;
    }
    if (signal.aborted) return;
    handlers.onLive?.(false);
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}
