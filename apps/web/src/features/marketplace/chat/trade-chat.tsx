import { MAX_DOCUMENT_BYTES } from '@fipay/contracts/kyb-options';
import { chatAttachmentTypes, TRADE_MESSAGE_MAX, tradeChatMessages, type ReadMarks, type TradeMessage } from '@fipay/contracts/trade-chat';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { attachmentUrl, chatKey, followTradeStream, loadMessages, markRead, sendMessage, type TradeStatus } from './api';

type ChatState = { messages: TradeMessage[]; hasOlder: boolean; reads: ReadMarks; role: 'seller' | 'buyer'; tradeStatus: TradeStatus; chatOpen: boolean };

const bySeq = (a: TradeMessage, b: TradeMessage) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : BigInt(a.seq) > BigInt(b.seq) ? 1 : 0);

/** Messages merged by id, in the order of their seq (a message may come from the page, the stream and the send alike). */
function merge(current: TradeMessage[], added: TradeMessage[]): TradeMessage[] {
  const known = new Map(current.map((m) => [m.id, m]));
  for (const message of added) known.set(message.id, message);
  return [...known.values()].sort(bySeq);
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : BigInt(a) >= BigInt(b) ? a : b);

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What the browser can tell of a chosen file before uploading it; the server checks its bytes again. */
function fileProblem(file: File): string | null {
  if (!(chatAttachmentTypes as readonly string[]).includes(file.type)) return tradeChatMessages.attachmentType;
  if (file.size > MAX_DOCUMENT_BYTES) return 'The file is larger than 5 MB.';
  if (file.size === 0) return 'The file is empty.';
  return null;
}

/**
 * A trade's chat (docs/decisions/0085-trade-chat-in-real-time.md), for the trade page: the messages of both parties and
 * the platform's message for each step, attachments (an image or a PDF), each side's read mark, and new messages and
 * status changes live from the trade's stream.
 */
export function TradeChat({ tradeId, onLiveChange }: { tradeId: string; onLiveChange?: (live: boolean) => void }) {
  const client = useQueryClient();
  const headingId = useId();
  const bodyId = useId();
  const key = chatKey(tradeId);
  const query = useQuery({ queryKey: key, queryFn: () => loadMessages(tradeId) });
  const state = query.data as ChatState | undefined;
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);

  const update = (change: (current: ChatState) => ChatState) => client.setQueryData<ChatState>(key, (current) => (current ? change(current) : current));

  const liveChange = useRef(onLiveChange);
  useLayoutEffect(() => {
    liveChange.current = onLiveChange;
  });

  // Live: the stream opens once the first page is here, from its last message.
  const loaded = state !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const abort = new AbortController();
    void followTradeStream(
      tradeId,
      // Reconnects replay from the newest message the page holds.
      () => client.getQueryData<ChatState>(key)?.messages.at(-1)?.seq ?? null,
      {
        onMessage: (message) => update((current) => ({ ...current, messages: merge(current.messages, [message]) })),
        onRead: (reads) => update((current) => ({ ...current, reads: { seller: later(current.reads.seller, reads.seller), buyer: later(current.reads.buyer, reads.buyer) } })),
        onTrade: (status) => {
          update((current) => ({ ...current, tradeStatus: status }));
          // The trade page shows the trade itself: it reads it again.
          void client.invalidateQueries({ queryKey: ['trades'] });
        },
        onLive: (live) => liveChange.current?.(live),
      },
      abort.signal,
    );
    return () => {
      abort.abort();
      liveChange.current?.(false);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream per trade; handlers read the query's data
  }, [tradeId, loaded]);

  // The newest message in view.
  const count = state?.messages.length ?? 0;
  // Kept at the newest while the reader is there: on new messages, and when the list is laid out again (a resize).
  const pinned = useRef(true);
  useLayoutEffect(() => {
    const element = list.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [count]);
  useEffect(() => {
    const element = list.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loaded]);

  // What the other side wrote is read once it is on the open page.
  const theirLatest = state?.messages.filter((m) => !m.mine).at(-1)?.seq ?? null;
  const side = state?.role;
  const myMark = side && state ? state.reads[side] : null;
  useEffect(() => {
    if (!theirLatest || !side || (myMark && BigInt(myMark) >= BigInt(theirLatest))) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    markRead(tradeId, theirLatest).then(
      (reads) => {
        update((current) => ({ ...current, reads }));
        // Reading the chat to its last message also reads its notification: the bell (its queries are all under
        // 'notifications') asks again for its count.
        void client.invalidateQueries({ queryKey: ['notifications'] });
      },
      () => undefined,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when there is something newer to mark
  }, [theirLatest, myMark, side, tradeId]);

  async function olderPage() {
    const first = state?.messages[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const page = await loadMessages(tradeId, first.seq);
      update((current) => ({ ...current, messages: merge(current.messages, page.messages), hasOlder: page.hasOlder }));
    } catch (error) {
      setProblem(errorMessage(error, 'Earlier messages could not be loaded.'));
    } finally {
      setLoadingOlder(false);
    }
  }

  function choose(chosen: File | null) {
    setProblem(null);
    if (chosen) {
      const why = fileProblem(chosen);
      if (why) {
        setProblem(why);
        if (fileInput.current) fileInput.current.value = '';
        return;
      }
    }
    setFile(chosen);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = body.trim();
    if (!text && !file) {
      setProblem(tradeChatMessages.empty);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const sent = await sendMessage(tradeId, { body: text, file, idempotencyKey });
      update((current) => ({ ...current, messages: merge(current.messages, [sent]) }));
      setBody('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      setIdempotencyKey(crypto.randomUUID());
    } catch (error) {
      setProblem(errorMessage(error, 'The message could not be sent.'));
    } finally {
      setSending(false);
    }
  }

  async function open(message: TradeMessage) {
    // A new tab now, while the click still counts as the user's; its address once the short-lived link is made.
    const tab = window.open('', '_blank');
    try {
      const url = await attachmentUrl(tradeId, message.id);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      setProblem(errorMessage(error, 'The attachment could not be opened.'));
    }
  }

  const otherMark = side && state ? state.reads[side === 'seller' ? 'buyer' : 'seller'] : null;
  const lastMine = state?.messages.filter((m) => m.mine).at(-1);
  const seen = lastMine && otherMark !== null && BigInt(otherMark) >= BigInt(lastMine.seq);

  return (
    <section aria-labelledby={headingId} className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-col gap-0.5 border-b border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Trade chat
        </h2>
        <p className="text-xs text-slate-500">Kept for the trade’s record. FiPay agents read it in a dispute.</p>
      </header>

      {query.isPending && <p className="p-4 text-sm text-slate-600">Loading messages…</p>}
      {query.isError && (
        <p role="alert" className="p-4 text-sm text-red-700">
          {errorMessage(query.error, 'The chat could not be loaded.')}
        </p>
      )}

      {state && (
        <>
          <ol
            ref={list}
            onScroll={(event) => {
              const element = event.currentTarget;
              pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
            }}
            aria-label="Messages" className="flex max-h-[28rem] min-h-48 flex-col gap-3 overflow-y-auto px-4 py-4">
            {state.hasOlder && (
              <li className="self-center">
                <Button variant="ghost" size="sm" onClick={olderPage} disabled={loadingOlder}>
                  {loadingOlder ? 'Loading…' : 'Earlier messages'}
                </Button>
              </li>
            )}
            {state.messages.map((message) =>
              message.author === 'system' ? (
                <li key={message.id} className="max-w-[90%] self-center rounded-xl border border-slate-200 bg-slate-50 px-3 py-1.5 text-center text-xs text-slate-700" data-kind="system">
                  <span className="font-semibold">FiPay · </span>
                  {message.body}
                  <span className="sr-only"> {formatDateTime(message.createdAt)}</span>
                </li>
              ) : (
                <li key={message.id} className={`flex max-w-[85%] flex-col gap-1 ${message.mine ? 'self-end items-end' : 'self-start items-start'}`}>
                  <div className={`rounded-2xl px-3 py-2 text-sm ${message.mine ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900'}`}>
                    <span className="sr-only">{message.mine ? 'You: ' : message.author === 'seller' ? 'Seller: ' : 'Buyer: '}</span>
                    {message.body && <p className="whitespace-pre-wrap break-words">{message.body}</p>}
                    {message.attachment && (
                      <button
                        type="button"
                        onClick={() => void open(message)}
                        className={`mt-1 inline-flex items-center gap-1 text-left underline underline-offset-2 ${message.mine ? 'text-white' : 'text-brand-700'}`}
                      >
                        <span className={`rounded px-1 text-[10px] font-bold no-underline ${message.mine ? 'bg-white/20' : 'bg-brand-50'}`}>
                          {message.attachment.contentType === 'application/pdf' ? 'PDF' : 'IMG'}
                        </span>
                        {message.attachment.name} ({formatSize(message.attachment.size)})
                      </button>
                    )}
                  </div>
                  <p className="text-[11px] text-slate-500">
                    {message.mine ? 'You' : message.author === 'seller' ? 'Seller' : 'Buyer'} · {formatDateTime(message.createdAt)}
                    {message.id === lastMine?.id && seen ? ' · Read' : ''}
                  </p>
                </li>
              ),
            )}
          </ol>

          {state.chatOpen ? (
            <form onSubmit={submit} className="space-y-2 border-t border-slate-200 p-4" noValidate>
              <label htmlFor={bodyId} className="sr-only">
                Message
              </label>
              <textarea
                id={bodyId}
                value={body}
                maxLength={TRADE_MESSAGE_MAX}
                rows={2}
                onChange={(event) => setBody(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey) {
                    event.preventDefault();
                    event.currentTarget.form?.requestSubmit();
                  }
                }}
                placeholder="Write a message"
                className="block w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-700 focus:outline-none"
              />
              {problem && (
                <p role="alert" className="text-sm text-red-700">
                  {problem}
                </p>
              )}
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex min-w-0 items-center gap-2">
                  <label className="cursor-pointer rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
                    Attach
                    <input
                      ref={fileInput}
                      type="file"
                      accept={chatAttachmentTypes.join(',')}
                      className="sr-only"
                      aria-label="Attach an image or PDF"
                      onChange={(event) => choose(event.target.files?.[0] ?? null)}
                    />
                  </label>
                  {file && (
                    <span className="truncate text-xs text-slate-600">
                      {file.name} ({formatSize(file.size)}){' '}
                      <button type="button" className="text-brand-700 underline" onClick={() => choose(null)}>
                        Remove
                      </button>
                    </span>
                  )}
                </div>
                <Button type="submit" size="sm" disabled={sending}>
                  {sending ? 'Sending…' : 'Send'}
                </Button>
              </div>
            </form>
          ) : (
            <p className="border-t border-slate-200 p-4 text-sm text-slate-600">{tradeChatMessages.chatClosed}</p>
          )}
        </>
      )}
    </section>
  );
}
