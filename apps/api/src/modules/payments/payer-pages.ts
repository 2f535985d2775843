import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { phoneField } from '@fipay/contracts/fields';
import { messages } from '@fipay/contracts/messages';
import { cardRequest, MAX_AMOUNT, MIN_AMOUNT, nairaMessage, nairaToKobo, otpRequest, payLinkRequest, paymentMessages, testCards, type Checkout } from '@fipay/contracts/payments';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { findPayableLink, toPayPage } from './links/payment-links';
import { startLinkPayment } from './charges/link-payments';
import { checkoutPage, documentOf, noticePage, payPage, type CheckoutState, type Page } from './charges/payer-html';
import { getCheckout, payWithCard, simulateTransfer, startBankTransfer, submitOtp } from './charges/checkout';

/**
 * The payer pages as HTML (docs/decisions/0058-payer-pages-as-server-html.md): `/pay/{slug}`, `/checkout/{code}` and
 * the receipt there, with plain forms posting to the same addresses. They call what the JSON routes call (routes.ts),
 * with the same rate limits; a step that moves the checkout on answers 303 to the checkout, so a reload never posts
 * again; a refusal or a decline is drawn in place with the server's words.
 */

/** Where the page's script is (a hashed file of the web build), or null without a build: the pages work without it. */
export type PayerPagesOptions = { scriptSrc: string | null };

const notFoundLink = { title: 'Payment link not found', text: paymentMessages.payPageNotFound };
const notFoundCheckout = { title: 'Payment not found', text: 'Check the link the business sent you, or start the payment again from its page.' };

type Form = Record<string, string>;
const formOf = (body: unknown): Form => {
  const form: Form = {};
  if (body && typeof body === 'object') for (const [key, value] of Object.entries(body)) if (typeof value === 'string') form[key] = value;
  return form;
};

/** The first message per field of a failed parse, as the JSON routes give them. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A customer's answer to a failure: the page's own words for an unknown page, else the server's message. */
function failurePage(error: unknown, notFound: { title: string; text: string }): Page {
  if (!(error instanceof AppError)) throw error;
  if (error.code === 'NOT_FOUND') return noticePage(404, notFound.title, notFound.text);
  return noticePage(error.status, 'Something went wrong', error.message);
}

export const payerPageRoutes: FastifyPluginAsync<PayerPagesOptions> = async (app, { scriptSrc }) => {
  const ctx = app.ctx;
  // Plain forms post `application/x-www-form-urlencoded`: read here only, and kept small (a payment form is a few fields).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Pages, not API endpoints: out of the OpenAPI document (the JSON routes they mirror are in it).
  const notInApi = { schema: { hide: true } };

  const send = (reply: FastifyReply, page: Page) =>
    reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      // Each page is the checkout's state now; never kept by a shared cache.
      .header('Cache-Control', 'no-store')
      // The link's form may be answered with a redirect to the provider's page (live mode): allowed to https sites.
      .header('Content-Security-Policy', `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self' https:; frame-ancestors 'none'`)
      .send(documentOf(page, scriptSrc));

  /** A checkout address's own path when it is on this site, so the customer stays on the host they came by. */
  const here = (url: string) => {
    const target = new URL(url, ctx.config.appUrl);
    return target.origin === new URL(ctx.config.appUrl).origin ? `${target.pathname}${target.search}` : target.toString();
  };

  // ---- The payment link's page ----
  app.get<{ Params: { slug: string } }>('/pay/:slug', notInApi, async (request, reply) => {
    try {
      await ctx.limiter.consume('payPagePerIp', request.ip);
      const page = toPayPage(await findPayableLink(ctx, request.params.slug));
      if (!page.active) return send(reply, noticePage(200, 'This link is no longer active', paymentMessages.payPageInactive));
      return send(reply, payPage(page));
    } catch (error) {
      return send(reply, failurePage(error, notFoundLink));
    }
  });

  app.post<{ Params: { slug: string } }>('/pay/:slug', notInApi, async (request, reply) => {
    const form = formOf(request.body);
    const values = { email: form.email ?? '', name: form.name ?? '', phone: form.phone ?? '', amount: form.amount ?? '' };
    let page;
    try {
      // Drawing the page again costs a page load, as a look at it does; starting the payment has its own limit.
      await ctx.limiter.consume('payPagePerIp', request.ip);
      page = toPayPage(await findPayableLink(ctx, request.params.slug));
    } catch (error) {
      return send(reply, failurePage(error, notFoundLink));
    }
    if (!page.active) return send(reply, noticePage(409, 'This link is no longer active', paymentMessages.payPageInactive));
    // The contract's checks, and the link's own: the amount (typed in naira) when the customer sets it, the phone when asked.
    const errors: Record<string, string> = {};
    const customer = payLinkRequest.pick({ email: true, name: true }).safeParse({ email: values.email, name: values.name });
    if (!customer.success) Object.assign(errors, fieldErrors(customer.error));
    const phone = page.collectPhone ? phoneField.safeParse(values.phone) : null;
    if (phone && !phone.success) errors.phone = phone.error.issues[0]?.message ?? messages.phoneInvalid;
    const amount = page.amount === null ? nairaToKobo(values.amount) : null;
    if (page.amount === null && (amount === null || amount < MIN_AMOUNT || amount > MAX_AMOUNT)) errors.amount = nairaMessage;
    if (!customer.success || Object.keys(errors).length > 0) return send(reply, payPage(page, { values, errors }, 400));
    try {
      const started = await startLinkPayment(
        ctx,
        request.params.slug,
        { ...customer.data, ...(phone?.success ? { phone: phone.data } : {}), ...(amount !== null ? { amount } : {}) },
        request,
      );
      return reply.header('Cache-Control', 'no-store').redirect(here(started.authorizationUrl), 303);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'NOT_FOUND') return send(reply, noticePage(404, notFoundLink.title, notFoundLink.text));
      if (error.options.errors) return send(reply, payPage(page, { values, errors: error.options.errors }, error.status));
      return send(reply, payPage(page, { values, failure: error.message }, error.status));
    }
  });

  // ---- The checkout and its receipt ----
  /** The checkout drawn now, with what the last step left to say; each look at it counts as a page load of the address. */
  const showCheckout = async (reply: FastifyReply, code: string, ip: string, state: CheckoutState, status = 200, checkout?: Checkout) => {
    try {
      if (!checkout) await ctx.limiter.consume('payPagePerIp', ip);
      return send(reply, checkoutPage(checkout ?? (await getCheckout(ctx, code)), code, state, status));
    } catch (error) {
      return send(reply, failurePage(error, notFoundCheckout));
    }
  };
  const backToCheckout = (reply: FastifyReply, code: string) => reply.header('Cache-Control', 'no-store').redirect(`/checkout/${encodeURIComponent(code)}`, 303);

  app.get<{ Params: { code: string }; Querystring: { method?: string; card?: string } }>('/checkout/:code', notInApi, async (request, reply) => {
    const { method, card } = request.query;
    return showCheckout(reply, request.params.code, request.ip, {
      method: method === 'card' || method === 'bank_transfer' ? method : undefined,
      testCard: testCards.some((test) => test.number === card) ? card : undefined,
    });
  });
  // A step's address opened again (a reload after a decline, a shared link): the checkout itself.
  for (const step of ['card', 'otp', 'bank-transfer', 'bank-transfer/simulate']) {
    app.get<{ Params: { code: string } }>(`/checkout/:code/${step}`, notInApi, async (request, reply) => backToCheckout(reply, request.params.code));
  }

  /** What a refused step shows: the field's message under it, anything else above the form (a moved-on checkout as it is now). */
  const refused = (reply: FastifyReply, code: string, ip: string, error: unknown, state: (error: AppError) => CheckoutState) => {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'NOT_FOUND') return send(reply, noticePage(404, notFoundCheckout.title, notFoundCheckout.text));
    return showCheckout(reply, code, ip, state(error), error.status);
  };

  app.post<{ Params: { code: string } }>('/checkout/:code/card', notInApi, async (request, reply) => {
    const { code } = request.params;
    const form = formOf(request.body);
    const values = { number: form.number ?? '', expiry: form.expiry ?? '' };
    const card = cardRequest.safeParse({ number: form.number ?? '', expiry: form.expiry ?? '', cvv: form.cvv ?? '' });
    if (!card.success) return showCheckout(reply, code, request.ip, { method: 'card', card: { values, errors: fieldErrors(card.error) } }, 400);
    try {
      const { checkout, message } = await payWithCard(ctx, code, { ...card.data, expiry: card.data.expiry.replace(/\s/g, '') }, request.ip);
      // Declined: still open, nothing waiting; the server's message says why and what to do.
      if (checkout.status === 'pending' && checkout.step === null) return showCheckout(reply, code, request.ip, { method: 'card', notice: { tone: 'error', text: message } }, 200, checkout);
      return backToCheckout(reply, code);
    } catch (error) {
      return refused(reply, code, request.ip, error, (e) =>
        e.options.errors ? { method: 'card', card: { values, errors: e.options.errors } } : { method: 'card', notice: { tone: 'error', text: e.message } },
      );
    }
  });

  app.post<{ Params: { code: string } }>('/checkout/:code/otp', notInApi, async (request, reply) => {
    const { code } = request.params;
    const otp = otpRequest.safeParse({ otp: formOf(request.body).otp ?? '' });
    if (!otp.success) return showCheckout(reply, code, request.ip, { otpError: fieldErrors(otp.error).otp }, 400);
    try {
      const { checkout, message } = await submitOtp(ctx, code, otp.data.otp, request.ip);
      if (checkout.status === 'pending' && checkout.step === null) return showCheckout(reply, code, request.ip, { method: 'card', notice: { tone: 'error', text: message } }, 200, checkout);
      return backToCheckout(reply, code);
    } catch (error) {
      return refused(reply, code, request.ip, error, (e) => (e.options.errors?.otp ? { otpError: e.options.errors.otp } : { notice: { tone: 'error', text: e.message } }));
    }
  });

  const transferStep = (run: typeof startBankTransfer) => async (request: { params: { code: string }; ip: string }, reply: FastifyReply) => {
    const { code } = request.params;
    try {
      await run(ctx, code, request.ip);
      return backToCheckout(reply, code);
    } catch (error) {
      return refused(reply, code, request.ip, error, (e) => ({ method: 'bank_transfer', notice: { tone: 'error', text: e.message } }));
    }
  };
  app.post<{ Params: { code: string } }>('/checkout/:code/bank-transfer', notInApi, transferStep(startBankTransfer));
  app.post<{ Params: { code: string } }>('/checkout/:code/bank-transfer/simulate', notInApi, transferStep(simulateTransfer));
};
