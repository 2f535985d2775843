import { z } from 'zod';
import { envelope } from './envelope';
import { text } from './fields';

/** SPEC.md section 9: the list's page size defaults to 10; the bell shows the newest 10. */
export const NOTIFICATION_PAGE_SIZE_DEFAULT = 10;
export const NOTIFICATION_PAGE_SIZE_MAX = 50;
export const NOTIFICATION_LATEST_COUNT = 10;
/** Far beyond any real list; keeps the row offset a safe integer. */
export const NOTIFICATION_PAGE_MAX = 1_000_000;

export const notificationMessages = {
  pageInvalid: 'Page must be a whole number of at least 1.',
  pageTooLarge: `Page must be at most ${NOTIFICATION_PAGE_MAX}.`,
  pageSizeInvalid: `Page size must be a whole number from 1 to ${NOTIFICATION_PAGE_SIZE_MAX}.`,
  notFound: 'Notification not found.',
  loaded: 'Notifications loaded.',
  markedRead: 'Notification marked as read.',
  allMarkedRead: 'All notifications marked as read.',
} as const;

/** One notification; readAt null means unread. Times are ISO 8601 strings. */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const paginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  pageSize: z.number().int(),
  totalItems: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const notificationListQuery = z.object({
  page: z.coerce
    .number({ error: notificationMessages.pageInvalid })
    .int(notificationMessages.pageInvalid)
    .min(1, notificationMessages.pageInvalid)
    .max(NOTIFICATION_PAGE_MAX, notificationMessages.pageTooLarge)
    .default(1),
  pageSize: z.coerce
    .number({ error: notificationMessages.pageSizeInvalid })
    .int(notificationMessages.pageSizeInvalid)
    .min(1, notificationMessages.pageSizeInvalid)
    .max(NOTIFICATION_PAGE_SIZE_MAX, notificationMessages.pageSizeInvalid)
    .default(NOTIFICATION_PAGE_SIZE_DEFAULT),
});
export type NotificationListQuery = z.output<typeof notificationListQuery>;

export const notificationIdParams = z.object({ id: text() });

export const latestNotificationsData = z.object({ notifications: z.array(notificationSchema), unreadCount: z.number().int() });
export const latestNotificationsResponse = envelope(latestNotificationsData);

export const notificationListData = z.object({ notifications: z.array(notificationSchema), pagination: paginationSchema });
export const notificationListResponse = envelope(notificationListData);

export const markReadData = z.object({ notification: notificationSchema, unreadCount: z.number().int() });
export const markReadResponse = envelope(markReadData);

export const markAllReadData = z.object({ markedCount: z.number().int(), unreadCount: z.number().int() });
export const markAllReadResponse = envelope(markAllReadData);
