import { z } from 'zod';
import { emailCodeSentData } from './auth';
import { envelope } from './envelope';
import { serverChecks, text } from './fields';
import { paginationSchema } from './notifications';

/**
 * The developer platform (docs/decisions/0027-modes-api-keys-events.md): test and live modes, API keys and
 * events. Every object carries `livemode` and is seen only in its own mode.
 */

export const modes = ['test', 'live'] as const;
export type Mode = (typeof modes)[number];

/** The header a dashboard session sends to say which mode a merchant call is in; test when absent. */
export const MODE_HEADER = 'FiPay-Mode';

export const API_KEY_PREFIXES = { publishable: { test: 'pk_test_', live: 'pk_live_' }, secret: { test: 'sk_test_', live: 'sk_live_' } } as const;
/** What a rolled secret key keeps working for, from the roll. */
export const rollExpiries = ['now', '1h', '24h', '7d'] as const;
export type RollExpiry = (typeof rollExpiries)[number];

export const EVENT_PAGE_SIZE_DEFAULT = 20;
export const EVENT_PAGE_SIZE_MAX = 100;
export const EVENT_PAGE_MAX = 10_000;
/** Events are kept this long, then deleted by the scheduled clean-up. */
export const EVENT_RETENTION_DAYS = 30;

export const eventTypes = [
  'api_key.created',
  'api_key.rolled',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'payment_link.created',
  'payment_link.updated',
  'charge.success',
  'charge.failed',
  'refund.processed',
  'refund.failed',
  'payout.paid',
  'payout.failed',
  'transfer.sent',
  'transfer.received',
  'wallet.test_funds_added',
  'withdrawal.created',
  'withdrawal.paid',
  'withdrawal.failed',
  'trade.opened',
  'trade.paid',
  'trade.completed',
  'trade.cancelled',
  'trade.disputed',
  'trade.resolved',
  'trade.feedback_left',
] as const;
/**
 * The payout events' old names: still written beside payout.paid and payout.failed and delivered to the endpoints
 * that take them until 31 May 2027; no new subscription may name them (docs/decisions/0055-payments-by-concept-and-payouts-by-name.md).
 */
export const deprecatedEventTypes = { 'settlement.paid': 'payout.paid', 'settlement.failed': 'payout.failed' } as const;
export type DeprecatedEventType = keyof typeof deprecatedEventTypes;
/** Every type an event may have: those endpoints subscribe to, and the deprecated names still written. */
export const allEventTypes = [...eventTypes, ...(Object.keys(deprecatedEventTypes) as DeprecatedEventType[])] as const;
export type EventType = (typeof eventTypes)[number] | DeprecatedEventType;
/** Sent to one endpoint on request (Send test event); never to others. */
export const PING_EVENT = 'ping';

export const developerMessages = {
  modeInvalid: `${MODE_HEADER} must be test or live.`,
  liveModeLocked: 'Live mode opens once your business verification is approved.',
  apiKeyInvalid: 'Invalid API key.',
  apiKeyMissing: 'Send your secret key (sk_test_… or sk_live_…, from Developer → API keys in the dashboard) as the header Authorization: Bearer <key>.',
  publishableKeyNotAllowed: 'A publishable key cannot be used for this request; use your secret key.',
  secretKeyNotAllowed: 'This route needs a dashboard sign-in; secret keys work on the merchant API only.',
  keysExist: 'This mode already has API keys. Roll the secret key to get a new one.',
  keysCreated: 'API keys created. Copy the secret key now: it will not be shown again.',
  keysLoaded: 'API keys loaded.',
  keyNotFound: 'API key not found.',
  keyRolled: 'Secret key rolled. Copy the new secret key now: it will not be shown again.',
  onlySecretKeysRoll: 'Only a secret key can be rolled.',
  keyAlreadyRolled: 'This key has already been rolled; roll the current secret key.',
  passwordRequired: 'Enter your password to roll a live secret key.',
  codeRequired: 'Enter the code from your authenticator app to roll a live secret key.',
  emailCodeRequired: 'Enter the code we emailed you to roll a live secret key.',
  rollCodeSent: 'We emailed you a code to roll the live secret key.',
  rollCodeNotNeeded: 'Email codes are not your second factor; no code is needed by email.',
  expiresInInvalid: 'Choose when the old key stops working: now, 1h, 24h or 7d.',
  eventsLoaded: 'Events loaded.',
  eventLoaded: 'Event loaded.',
  eventNotFound: 'Event not found.',
  typeInvalid: `Type must be one of: ${allEventTypes.join(', ')}, ping.`,
  pageInvalid: `Page must be a whole number from 1 to ${EVENT_PAGE_MAX}.`,
  pageSizeInvalid: `Page size must be a whole number from 1 to ${EVENT_PAGE_SIZE_MAX}.`,
} as const;

export const modeSchema = z.enum(modes, { error: developerMessages.modeInvalid });

/** An API key as listed: a secret key only by its prefix and last four characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  livemode: z.boolean(),
  kind: z.enum(['publishable', 'secret']),
  /** The whole publishable key, or the secret key masked: `sk_test_…abcd`. */
  key: z.string(),
  createdAt: z.string(),
  /** Set once the key is rolled: it works until then. */
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListResponse = envelope(z.object({ keys: z.array(apiKeySchema) }));

export const createApiKeysRequest = z.object({ mode: modeSchema.optional().default('test') });
export type CreateApiKeysRequest = z.input<typeof createApiKeysRequest>;
/** The pair made; `secret` is the whole secret key, shown this once. */
export const createApiKeysResponse = envelope(z.object({ publishable: apiKeySchema, secret: apiKeySchema, secretKey: z.string() }));

export const apiKeyIdParams = z.object({ id: text(developerMessages.keyNotFound) });
export const rollApiKeyRequest = z.object({
  expiresIn: z.enum(rollExpiries, { error: developerMessages.expiresInInvalid }),
  password: serverChecks(text().max(256), 'Required to roll a live secret key.').optional(),
  code: serverChecks(text().trim().max(32), "Required to roll a live secret key when the user has two-factor sign-in: the authenticator's code, or the one emailed by api-keys/roll-code.").optional(),
});
export type RollApiKeyRequest = z.input<typeof rollApiKeyRequest>;
export const rollCodeResponse = envelope(emailCodeSentData);
export const rollApiKeyResponse = envelope(z.object({ rolled: apiKeySchema, secret: apiKeySchema, secretKey: z.string() }));

/** Something that happened to a merchant object, as webhooks deliver it. */
export const eventSchema = z.object({
  id: z.string(),
  type: z.enum([...allEventTypes, PING_EVENT]),
  createdAt: z.string(),
  livemode: z.boolean(),
  data: z.object({ object: z.record(z.string(), z.unknown()), previousAttributes: z.record(z.string(), z.unknown()).nullable() }),
});
export type Event = z.infer<typeof eventSchema>;

/** A page number or size from a query string: a whole number from 1 to `max`, with one message for any other value. */
export const wholeNumber = (message: string, max: number) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

export const eventListQuery = z.object({
  type: z.enum([...allEventTypes, PING_EVENT], { error: developerMessages.typeInvalid }).optional(),
  page: wholeNumber(developerMessages.pageInvalid, EVENT_PAGE_MAX).default(1),
  pageSize: wholeNumber(developerMessages.pageSizeInvalid, EVENT_PAGE_SIZE_MAX).default(EVENT_PAGE_SIZE_DEFAULT),
});
export type EventListQuery = z.output<typeof eventListQuery>;
export const eventListResponse = envelope(z.object({ events: z.array(eventSchema), pagination: paginationSchema }));
export const eventIdParams = z.object({ id: text(developerMessages.eventNotFound) });
export const eventResponse = envelope(eventSchema);
