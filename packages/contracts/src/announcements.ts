import { z } from 'zod';
import { envelope } from './envelope';
import { documented, serverChecks, text } from './fields';
import { paginationSchema } from './notifications';

/**
 * The operator's announcements (docs/decisions/0091-announcements-from-the-back-office.md): written by an admin in the
 * back office as Markdown, published to every signed-in business on the Community page, archived to take them down.
 */

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 5000;
export const ANNOUNCEMENT_LINK_URL_MAX = 500;
export const ANNOUNCEMENT_LINK_LABEL_MAX = 60;
export const ANNOUNCEMENT_PAGE_SIZE_DEFAULT = 5;
export const ANNOUNCEMENT_PAGE_SIZE_MAX = 20;
export const ANNOUNCEMENT_ADMIN_PAGE_SIZE_DEFAULT = 20;
export const ANNOUNCEMENT_ADMIN_PAGE_SIZE_MAX = 100;

/** A draft is seen only in the back office; a published one by every business until it expires; an archived one by nobody but admins. */
export const announcementStatuses = ['draft', 'published', 'archived'] as const;
export type AnnouncementStatus = (typeof announcementStatuses)[number];
export const announcementStatusLabels: Record<AnnouncementStatus, string> = { draft: 'Drafts', published: 'Published', archived: 'Archived' };

export const announcementMessages = {
  loaded: 'Announcements loaded.',
  oneLoaded: 'Announcement loaded.',
  created: 'Announcement saved as a draft.',
  updated: 'Announcement saved.',
  published: 'Announcement published. Businesses see it on the Community page.',
  archived: 'Announcement archived. Businesses no longer see it.',
  notFound: 'Announcement not found.',
  titleRequired: 'Give the announcement a title.',
  titleTooLong: `Keep the title to ${ANNOUNCEMENT_TITLE_MAX} characters.`,
  bodyRequired: 'Write the announcement.',
  bodyTooLong: `Keep the announcement to ${ANNOUNCEMENT_BODY_MAX} characters.`,
  linkUrlInvalid: 'Enter a web address starting with https:// (or http://), or a page of FiPay starting with /.',
  linkUrlTooLong: `Keep the link to ${ANNOUNCEMENT_LINK_URL_MAX} characters.`,
  linkLabelRequired: 'Give the link a label.',
  linkLabelTooLong: `Keep the link's label to ${ANNOUNCEMENT_LINK_LABEL_MAX} characters.`,
  linkLabelWithoutUrl: 'A label needs a link.',
  expiresAtInvalid: 'Enter a date and time, such as 2026-12-31T18:00:00Z.',
  expiresAtPast: 'The expiry must be in the future.',
  nothingToUpdate: 'Change at least one field.',
  alreadyPublished: 'This announcement is already published.',
  alreadyArchived: 'This announcement is already archived.',
  expiredCannotPublish: 'This announcement has expired. Change or clear its expiry before publishing it.',
  pageInvalid: 'Page must be a whole number of at least 1.',
  pageSizeInvalid: (max: number) => `Page size must be a whole number from 1 to ${max}.`,
  statusInvalid: 'Choose draft, published or archived.',
} as const;

/** A page of this app (`/dashboard/offers`), never another site written as `//host`. */
const APP_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/?#=&%+]*$/;
/**
 * What the link may be, as the document shows it: a web address (the payment links' pattern) or a page of this app.
 * The check is the same pattern, then a browser's own reading of a web address.
 */
const LINK_PATTERN = /^(?:https?:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(:[1-9][0-9]{0,3})?([/?#]\S*)?|\/(?!\/)[A-Za-z0-9\-._~/?#=&%+]*)$/;
export const isAnnouncementLink = (value: string) => LINK_PATTERN.test(value) && (APP_PATH.test(value) || opensAsWebPage(value));

// As payments' isWebUrl; not imported from there so that the Community page's chunk does not carry the payments contracts.
function opensAsWebPage(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const wholeNumber = (message: string, max: number) => z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

const titleField = text(announcementMessages.titleRequired).trim().min(1, announcementMessages.titleRequired).max(ANNOUNCEMENT_TITLE_MAX, announcementMessages.titleTooLong);
const bodyField = text(announcementMessages.bodyRequired).trim().min(1, announcementMessages.bodyRequired).max(ANNOUNCEMENT_BODY_MAX, announcementMessages.bodyTooLong);
const linkUrlField = documented(
  text(announcementMessages.linkUrlInvalid).trim().max(ANNOUNCEMENT_LINK_URL_MAX, announcementMessages.linkUrlTooLong).refine(isAnnouncementLink, announcementMessages.linkUrlInvalid),
  { pattern: LINK_PATTERN, maxLength: ANNOUNCEMENT_LINK_URL_MAX },
);
const linkLabelField = serverChecks(
  text(announcementMessages.linkLabelRequired).trim().min(1, announcementMessages.linkLabelRequired).max(ANNOUNCEMENT_LINK_LABEL_MAX, announcementMessages.linkLabelTooLong),
  'Given with linkUrl only, and required with it (the link is shown as a button with this label).',
);

const DATE_TIME = /^(20\d{2})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;
/** An ISO 8601 time with its offset, from 2000 to 2099 (no time zone guessed for the operator). */
export const isAnnouncementTime = (value: string) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) && new Date(value).getUTCFullYear() >= 2000 && new Date(value).getUTCFullYear() <= 2099;
const expiresAtField = serverChecks(
  documented(text(announcementMessages.expiresAtInvalid).trim().refine(isAnnouncementTime, announcementMessages.expiresAtInvalid), { format: 'date-time' }),
  'In the future (unless unchanged). After it, businesses no longer see the announcement.',
);

export const createAnnouncementRequest = z.strictObject({
  title: titleField,
  /** Markdown (or plain text): headings, lists, emphasis, links; the page renders it sanitised. */
  body: bodyField,
  /** Null or absent: no link button. A web address opens in a new tab; a path of this app moves within it. */
  linkUrl: linkUrlField.nullable().optional(),
  linkLabel: linkLabelField.nullable().optional(),
  /** Null or absent: shown until archived. */
  expiresAt: expiresAtField.nullable().optional(),
});
export type CreateAnnouncementRequest = z.input<typeof createAnnouncementRequest>;

export const updateAnnouncementRequest = z
  .strictObject({
    title: titleField.optional(),
    body: bodyField.optional(),
    linkUrl: linkUrlField.nullable().optional(),
    linkLabel: linkLabelField.nullable().optional(),
    expiresAt: expiresAtField.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: announcementMessages.nothingToUpdate })
  .meta({ minProperties: 1 });
export type UpdateAnnouncementRequest = z.input<typeof updateAnnouncementRequest>;

export const announcementIdParams = z.strictObject({ announcementId: text(announcementMessages.notFound).max(100, announcementMessages.notFound) });

export const announcementListQuery = z.object({
  page: wholeNumber(announcementMessages.pageInvalid, 10_000).default(1),
  pageSize: wholeNumber(announcementMessages.pageSizeInvalid(ANNOUNCEMENT_PAGE_SIZE_MAX), ANNOUNCEMENT_PAGE_SIZE_MAX).default(ANNOUNCEMENT_PAGE_SIZE_DEFAULT),
});
export type AnnouncementListQuery = z.input<typeof announcementListQuery>;

export const adminAnnouncementListQuery = z.object({
  status: z.enum(announcementStatuses, { error: announcementMessages.statusInvalid }).default('draft'),
  page: wholeNumber(announcementMessages.pageInvalid, 10_000).default(1),
  pageSize: wholeNumber(announcementMessages.pageSizeInvalid(ANNOUNCEMENT_ADMIN_PAGE_SIZE_MAX), ANNOUNCEMENT_ADMIN_PAGE_SIZE_MAX).default(ANNOUNCEMENT_ADMIN_PAGE_SIZE_DEFAULT),
});
export type AdminAnnouncementListQuery = z.input<typeof adminAnnouncementListQuery>;

const linkSchema = z.object({ url: z.string(), label: z.string() });

/** An announcement as businesses read it. Times are ISO 8601. */
export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  link: linkSchema.nullable(),
  publishedAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementListResponse = envelope(z.object({ announcements: z.array(announcementSchema), pagination: paginationSchema }));

/** An announcement in the back office: its status, who wrote it and when it changed. */
export const adminAnnouncementSchema = z.object({
  id: z.string(),
  status: z.enum(announcementStatuses),
  title: z.string(),
  body: z.string(),
  link: linkSchema.nullable(),
  publishedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Published and past its expiry: businesses no longer see it. */
  expired: z.boolean(),
  archivedAt: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;

export const adminAnnouncementResponse = envelope(adminAnnouncementSchema);
export const adminAnnouncementListResponse = envelope(
  z.object({
    announcements: z.array(adminAnnouncementSchema),
    pagination: paginationSchema,
    counts: z.record(z.enum(announcementStatuses), z.number().int()),
  }),
);
