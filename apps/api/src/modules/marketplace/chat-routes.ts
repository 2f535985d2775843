import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tradeChatEndpoints as endpoints } from '@fipay/contracts/endpoints/trade-chat';
import { marketMessages } from '@fipay/contracts/marketplace';
import { tradeChatMessages as done } from '@fipay/contracts/trade-chat';
import { AppError } from '../../lib/errors';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireMerchant } from '../../plugins/merchant-auth';
import { attachmentLink, chatUploadUrl, listMessages, markRead, sendMessage } from './chat';
import { ChatHub } from './chat-stream';
import { findTrade } from './trades';

/** Trade chat: docs/decisions/0085-trade-chat-in-real-time.md. */
export const tradeChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const hub = new ChatHub(ctx.db);
  app.addHook('preClose', async () => hub.close());

  registerRoute(app, endpoints.messages, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.messagesLoaded, await listMessages(ctx.db, merchant, request.params.id, request.query));
  });

  registerRoute(app, endpoints.send, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.messageSent, await sendMessage(ctx, merchant, request.params.id, request.body));
  });

  registerRoute(app, endpoints.uploadUrl, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.uploadUrlCreated, await chatUploadUrl(ctx, merchant, request.params.id, request.body));
  });

  registerRoute(app, endpoints.attachment, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.attachmentLinkCreated, await attachmentLink(ctx, merchant, request.params.id, request.params.messageId));
  });

  registerRoute(app, endpoints.read, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.readMarked, await markRead(ctx, merchant, request.params.id, request.body.seq));
  });

  registerRoute(app, endpoints.stream, async (request, reply) => {
    const merchant = requireMerchant(request);
    const trade = await findTrade(ctx.db, merchant, request.params.id);
    if (!trade) throw new AppError('NOT_FOUND', marketMessages.tradeNotFound);
    // The browser's EventSource sends Last-Event-ID on its own; a client that cannot set it uses the query.
    const header = request.headers['last-event-id'];
    const fromHeader = typeof header === 'string' && /^(0|[1-9][0-9]{0,17})$/.test(header) ? header : undefined;
    await hub.serve(request, reply, trade, merchant.companyId, fromHeader ?? request.query.lastEventId ?? null);
    return reply;
  });
};
