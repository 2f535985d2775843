import { z } from 'zod';
import { developerMessages, eventTypes, rollExpiries, wholeNumber } from './developers';
import { envelope } from './envelope';
import { documented, serverChecks, text } from './fields';
import { isWebUrl, WEB_URL_PATTERN } from './payments';
import { paginationSchema } from './notifications';

/** Seconds from a failed webhook attempt to the next: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const DEFAULT_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000];

/** Webhook endpoints: where a company's events are sent, per mode (docs/decisions/0029-webhook-delivery.md). */

export const WEBHOOK_ENDPOINTS_PER_MODE = 16;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const webhookMessages = {
  urlRequired: 'Enter the URL to send events to.',
  urlTooLong: `A webhook URL is at most ${WEBHOOK_URL_MAX} characters.`,
  urlInvalid: 'Enter a full URL starting with https:// (or http:// in test mode).',
  descriptionTooLong: `A description is at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
  enabledEventsRequired: `Choose at least one event type, or "*" for all of them.`,
  enabledEventInvalid: `Each enabled event is "*" or one of: ${eventTypes.join(', ')}.`,
  tooMany: `A mode has at most ${WEBHOOK_ENDPOINTS_PER_MODE} webhook endpoints.`,
  created: 'Webhook endpoint created. Copy its signing secret now: it will not be shown again.',
  loaded: 'Webhook endpoints loaded.',
  endpointLoaded: 'Webhook endpoint loaded.',
  updated: 'Webhook endpoint updated.',
  deleted: 'Webhook endpoint deleted.',
  notFound: 'Webhook endpoint not found.',
  nothingToUpdate: 'Send at least one of url, description, enabledEvents or disabled.',
  secretRolled: 'Signing secret rolled. Copy it now: it will not be shown again.',
} as const;

export const enabledEventSchema = z.enum(['*', ...eventTypes], { error: webhookMessages.enabledEventInvalid });

const url = serverChecks(
  documented(
    text(webhookMessages.urlRequired)
      .trim()
      .min(1, webhookMessages.urlRequired)
      .max(WEBHOOK_URL_MAX, webhookMessages.urlTooLong)
      .refine(isWebUrl, webhookMessages.urlInvalid),
    { format: 'uri', pattern: WEB_URL_PATTERN },
  ),
  'Uses https in live mode; carries no user name or password; its host resolves, to public addresses only (not private, loopback or link-local); at most 2048 characters once normalised.',
);
const description = text().trim().max(WEBHOOK_DESCRIPTION_MAX, webhookMessages.descriptionTooLong);
const enabledEvents = z.array(enabledEventSchema, { error: webhookMessages.enabledEventsRequired }).min(1, webhookMessages.enabledEventsRequired).max(eventTypes.length + 1);

export const webhookEndpointSchema = z.object({
  id: z.string(),
  livemode: z.boolean(),
  url: z.string(),
  description: z.string(),
  enabledEvents: z.array(z.string()),
  disabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const createWebhookEndpointRequest = z.object({
  url,
  description: description.optional().default(''),
  enabledEvents: enabledEvents.optional().default(['*']),
  disabled: z.boolean().optional().default(false),
});
export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequest>;
/** `secret` (`whsec_…`) is shown this once. */
export const createWebhookEndpointResponse = envelope(webhookEndpointSchema.extend({ secret: z.string() }));

export const updateWebhookEndpointRequest = z
  .object({ url: url.optional(), description: description.optional(), enabledEvents: enabledEvents.optional(), disabled: z.boolean().optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: webhookMessages.nothingToUpdate })
  .meta({ minProperties: 1 });
export type UpdateWebhookEndpointRequest = z.input<typeof updateWebhookEndpointRequest>;

export const webhookEndpointIdParams = z.object({ id: text(webhookMessages.notFound) });
/** Until when deliveries are signed with the old secret too. */
export const rollWebhookSecretRequest = z.object({ expiresIn: z.enum(rollExpiries, { error: developerMessages.expiresInInvalid }) });
export const rollWebhookSecretResponse = envelope(z.object({ secret: z.string(), previousSecretExpiresAt: z.string() }));
export const webhookEndpointResponse = envelope(webhookEndpointSchema);
export const webhookEndpointListResponse = envelope(z.object({ endpoints: z.array(webhookEndpointSchema) }));

export const DELIVERY_PAGE_SIZE_DEFAULT = 20;
export const DELIVERY_PAGE_SIZE_MAX = 50;
export const DELIVERY_PAGE_MAX = 10_000;

export const deliveryMessages = {
  loaded: 'Deliveries loaded.',
  notFound: 'Delivery not found.',
  retried: 'Delivery queued to be sent again.',
  pingQueued: 'Test event queued. It is sent within seconds; see it under Deliveries.',
  pageInvalid: `Page must be a whole number from 1 to ${DELIVERY_PAGE_MAX}.`,
  pageSizeInvalid: `Page size must be a whole number from 1 to ${DELIVERY_PAGE_SIZE_MAX}.`,
  statusInvalid: 'Status must be pending, succeeded or failed.',
} as const;

export const deliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

/** Why an attempt failed, as the delivery log says it: in plain words, never our addresses, ports or system text. */
export const deliveryErrorMessages = {
  connect: 'Could not connect to the endpoint.',
  reset: 'The endpoint closed the connection before answering.',
  hostNotFound: 'The endpoint’s host could not be found.',
  tls: 'Could not make a secure connection to the endpoint: its certificate or TLS set-up was not accepted.',
  failed: 'The request to the endpoint failed.',
  timeout: (seconds: number) => `The endpoint did not answer within ${seconds} s.`,
} as const;

/** One try at sending: what was sent and what came back (the first 4 KB). */
export const deliveryAttemptSchema = z.object({
  attemptedAt: z.string(),
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  livemode: z.boolean(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  /** When the next try is due, while it is pending. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  attemptLog: z.array(deliveryAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const deliveryListQuery = z.object({
  status: z.enum(deliveryStatuses, { error: deliveryMessages.statusInvalid }).optional(),
  page: wholeNumber(deliveryMessages.pageInvalid, DELIVERY_PAGE_MAX).default(1),
  pageSize: wholeNumber(deliveryMessages.pageSizeInvalid, DELIVERY_PAGE_SIZE_MAX).default(DELIVERY_PAGE_SIZE_DEFAULT),
});
export type DeliveryListQuery = z.output<typeof deliveryListQuery>;
export const deliveryListResponse = envelope(z.object({ deliveries: z.array(webhookDeliverySchema), pagination: paginationSchema }));
export const deliveryIdParams = z.object({ id: text(deliveryMessages.notFound) });
export const deliveryResponse = envelope(webhookDeliverySchema);
