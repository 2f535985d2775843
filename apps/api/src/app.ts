import fastifyCompress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type DestinationStream } from 'pino';
import type { Config } from './config';
import type { AppContext } from './context';
import { createDb, type Db } from './db/client';
import { migrate } from './db/migrate';
import { migrateApart } from './db/migrate-apart';
import { answerSerializerCompiler } from './lib/answer-serializer';
import { deriveKey } from './lib/crypto';
import { defaultRateRules, MemoryCounterStore, RateLimiter, RedisCounterStore, type RateRules } from './lib/rate-limit';
import { createFileTransport, createSmtpTransport, type MailTransport } from './mail/transport';
import { OutboxWorker } from './mail/outbox';
import { DELIVERY_TIMEOUT_MS, WebhookWorker } from './modules/webhooks/delivery';
import { analyzeEmbedded, housekeepingJobs } from './jobs/housekeeping';
import { JobScheduler } from './jobs/scheduler';
import { createProviders } from './providers/registry';
import { ProviderInboxWorker } from './modules/payments/provider-inbox';
import { accountRoutes } from './modules/account/routes';
import { backOfficeRoutes } from './modules/back-office/routes';
import { backOfficeWalletRoutes } from './modules/back-office/wallet-routes';
import { authRoutes } from './modules/auth/routes';
import { bankRoutes } from './modules/banks/routes';
import { kybRoutes } from './modules/kyb/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { developerRoutes } from './modules/developers/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { paymentJobs } from './modules/payments/jobs';
import { LiveReadiness } from './modules/payments/live-readiness';
import { paymentRoutes } from './modules/payments/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { communityRoutes } from './modules/community/routes';
import { countryRoutes } from './modules/countries/routes';
import { rateJobs } from './modules/rates/jobs';
import { rateRoutes } from './modules/rates/routes';
import { tagRoutes } from './modules/tags/routes';
import { paymentMethodRoutes } from './modules/payment-methods/routes';
import { transferRoutes } from './modules/transfers/routes';
import { marketplaceRoutes } from './modules/marketplace/routes';
import { tradeChatRoutes } from './modules/marketplace/chat-routes';
import { marketplaceJobs } from './modules/marketplace/jobs';
import { withdrawalRoutes } from './modules/withdrawals/routes';
import { WithdrawalWorker } from './modules/withdrawals/sending';
import { limitRoutes } from './modules/limits/routes';
import { walletRoutes } from './modules/wallet/routes';
import { healthRoutes } from './modules/system/routes';
import { authPlugin } from './plugins/auth';
import { merchantAuthPlugin } from './plugins/merchant-auth';
import { reviewerAuthPlugin } from './plugins/reviewer-auth';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { drainConnectionsOnClose } from './plugins/drain-connections';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { payerScriptSrc, webAppPlugin } from './plugins/web-app';
import { payerPageRoutes } from './modules/payments/payer-pages';
import { createStorage } from './storage/create-storage';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    outbox: OutboxWorker;
    webhooks: WebhookWorker;
    providerInbox: ProviderInboxWorker;
    withdrawals: WithdrawalWorker;
  }
}

export type BuildOptions = {
  config: Config;
  /** Tests pass their own database; otherwise one is opened from the config. */
  db?: Db;
  rateRules?: Partial<RateRules>;
  mailTransport?: MailTransport;
  outboxPollMs?: number;
  webhookPollMs?: number;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: NodeJS.WritableStream;
  /** How long after start the scheduled jobs first run (a minute unless given). */
  jobsFirstRunAfterMs?: number;
};

const SENSITIVE_QUERY = /([?&](?:token|code|otp|password|signature)=)[^&]*/gi;

/** Log lines are written together once this many bytes wait, or LOG_FLUSH_MS after the first of them. */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 50;

/**
 * Log lines go to standard output through an asynchronous writer (pino's `destination` with `sync: false`), in
 * batches: a line waits in memory until LOG_BATCH_BYTES have gathered or the next flush LOG_FLUSH_MS on, and what is
 * left is flushed when the process exits. A synchronous write of every line held each request's answer for a system
 * call; an asynchronous write of every line still handed each one to a thread of its own, which on a busy machine
 * took the processor from the requests (docs/decisions/0062-merchant-api-and-sign-in-round-trips.md). Tests pass a
 * stream to read lines.
 */
const logDestination = (stream?: NodeJS.WritableStream): DestinationStream =>
  stream ?? pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });

/** A request as a log line shows it: its method, its path with secrets in the query string redacted, and its address. */
const logRequest = (req: { method: string; url: string; ip?: string }) => ({
  method: req.method,
  url: req.url.replace(SENSITIVE_QUERY, '$1[redacted]'),
  ip: req.ip,
});

function loggerOptions(config: Config, stream: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    stream,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.passwordProof', '*.token', '*.otp', '*.refreshToken', '*.accessToken', '*.secret'],
      censor: '[redacted]',
    },
    serializers: { req: logRequest },
  };
}

/**
 * The logger of the one line each request writes when its answer has gone: the same stream, level and fields as the
 * server's, without the redaction paths, because the line holds nothing they could match (the request's method, path
 * and address through `logRequest`, the status code, the time). Redaction clones and walks every line it is given:
 * 8.5 µs of CPU for this line against 1.9 µs without (docs/decisions/0105-the-request-line-skips-redaction.md).
 */
const completionLogger = (config: Config, stream: DestinationStream) =>
  pino({ level: config.logLevel, serializers: { req: logRequest, res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }) } }, stream);

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const logStream = logDestination(options.logStream);
  const completion = completionLogger(config, logStream);
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Building the OpenAPI document of every route can take longer than Fastify's 10 s on a loaded two-core machine: start slowly rather than not at all.
    pluginTimeout: 60_000,
    frameworkErrors,
    clientErrorHandler,
    // One line per request, when its answer has gone (below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  drainConnectionsOnClose(app);
  if (config.logLevel === 'debug' || config.logLevel === 'trace') {
    app.addHook('onRequest', async (request) => request.log.debug({ req: request }, 'incoming request'));
  }
  app.addHook('onResponse', (request, reply, done) => {
    completion.info({ reqId: request.id, req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers through a writer compiled once per schema, zod's encode where that would not give the same bytes.
  app.setSerializerCompiler(answerSerializerCompiler);
  // The API speaks JSON only; anything else is refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain');

  const db = options.db ?? (await createDb(config));
  const ownsDb = !options.db;
  // A PostgreSQL database this server opened itself is migrated from a worker thread, so that the migrations' work
  // leaves nothing in this thread's heap that slows every request after them (docs/decisions/0102).
  if (ownsDb && config.databaseUrl) await migrateApart(config.databaseUrl);
  else await migrate(db);
  await analyzeEmbedded(db);

  // Loaded only when configured: a server without Redis starts without loading its client.
  const redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  const limiter = new RateLimiter(
    redis ? new RedisCounterStore(redis) : new MemoryCounterStore(),
    { ...defaultRateRules, ...config.rateLimits, ...options.rateRules },
  );
  const transport =
    options.mailTransport ??
    (config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom)
      : createFileTransport(`${config.dataDir}/mail`, config.mailFrom, app.log, config.env !== 'production'));
  const outbox = new OutboxWorker(db, transport, app.log, options.outboxPollMs);

  const keys = {
    accessToken: new Uint8Array(deriveKey(config.jwtSecret, 'access-token')),
    totpSecret: deriveKey(config.encryptionKey, 'totp-secret'),
    emailCode: deriveKey(config.encryptionKey, 'email-code'),
    signInProof: deriveKey(config.encryptionKey, 'sign-in-proof'),
    personalData: deriveKey(config.encryptionKey, 'personal-data'),
    uploadUrl: deriveKey(config.jwtSecret, 'upload-url'),
    refreshReplay: deriveKey(config.encryptionKey, 'refresh-replay'),
    apiKey: deriveKey(config.encryptionKey, 'api-key'),
    webhookSecret: deriveKey(config.encryptionKey, 'webhook-secret'),
    idempotentAnswer: deriveKey(config.encryptionKey, 'idempotent-answer'),
  };
  const webhooks = new WebhookWorker(
    db,
    keys,
    { allowPrivate: config.webhookAllowPrivate, retryScheduleSeconds: config.webhookRetryScheduleSeconds, timeoutMs: DELIVERY_TIMEOUT_MS, appUrl: config.appUrl },
    app.log,
    options.webhookPollMs,
  );
  // Whatever commits an email or a webhook delivery wakes its worker (Queryable.wake), on this instance; the
  // others find the rows at their next poll.
  db.onWake('outbox', () => outbox.kick());
  db.onWake('webhooks', () => webhooks.kick());
  app.decorate('outbox', outbox);
  app.decorate('webhooks', webhooks);
  const providers = createProviders(config);
  app.decorate('ctx', {
    config,
    db,
    limiter,
    storage: createStorage(config, { uploadUrl: keys.uploadUrl, appUrl: config.appUrl }),
    ...providers,
    liveReadiness: new LiveReadiness({ acquirer: providers.acquirers.live, log: app.log, db }),
    keys,
    log: app.log,
  } satisfies AppContext);
  // Inbound provider webhooks, stored by the webhook route, are applied by this worker, woken on commit.
  const providerInbox = new ProviderInboxWorker(app.ctx, app.log, options.webhookPollMs);
  db.onWake('provider-inbox', () => providerInbox.kick());
  app.decorate('providerInbox', providerInbox);
  // Withdrawals are sent through their provider by this worker, woken when one commits (docs/decisions/0075-withdrawals.md).
  const withdrawals = new WithdrawalWorker(app.ctx, app.log, options.webhookPollMs);
  db.onWake('withdrawals', () => withdrawals.kick());
  app.decorate('withdrawals', withdrawals);
  const scheduler = new JobScheduler(db, app.log, [...housekeepingJobs(db), ...paymentJobs(app.ctx), ...rateJobs(app.ctx), ...marketplaceJobs(app.ctx)]);

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Answers made per request (JSON above all). The web app's files arrive already encoded
  // (plugins/web-app.ts), and an answer that carries a Content-Encoding is left as it is.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin);
  await app.register(merchantAuthPlugin);
  await app.register(reviewerAuthPlugin);
  await app.register(openApiPlugin);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(countryRoutes);
      await api.register(communityRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(uploadRoutes);
      await api.register(bankRoutes);
      await api.register(kybRoutes);
      await api.register(notificationRoutes);
      await api.register(developerRoutes);
      await api.register(webhookRoutes);
      await api.register(paymentRoutes);
      await api.register(rateRoutes);
      await api.register(tagRoutes);
      await api.register(paymentMethodRoutes);
      await api.register(transferRoutes);
      await api.register(withdrawalRoutes);
      await api.register(marketplaceRoutes);
      await api.register(tradeChatRoutes);
      await api.register(limitRoutes);
      await api.register(walletRoutes);
      await api.register(backOfficeRoutes);
      await api.register(backOfficeWalletRoutes);
    },
    { prefix: '/api/v1' },
  );
  // The pages customers pay on, as HTML of their own (docs/decisions/0058-payer-pages-as-server-html.md).
  await app.register(payerPageRoutes, { scriptSrc: payerScriptSrc(config.webDistDir) });
  await app.register(webAppPlugin, { root: config.webDistDir });

  outbox.start();
  webhooks.start();
  providerInbox.start();
  withdrawals.start();
  scheduler.start(options.jobsFirstRunAfterMs);
  app.ctx.liveReadiness.start();
  // Once closing starts, no job or worker round starts: requests in flight may take until the shutdown's deadline,
  // and a payout or withdrawal begun then would be cut off by it. What they would have done stays queued in the
  // database for the next start; runs already going are waited for below.
  app.addHook('preClose', async () => {
    scheduler.halt();
    for (const worker of [providerInbox, withdrawals, webhooks, outbox]) worker.halt();
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await providerInbox.stop();
    await withdrawals.stop();
    await webhooks.stop();
    await outbox.stop();
    transport.close();
    if (redis) await redis.quit().catch(() => undefined);
    if (ownsDb) await db.close();
  });
  return app;
}
