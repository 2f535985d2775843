import {
  latestNotificationsResponse,
  markAllReadResponse,
  markReadResponse,
  NOTIFICATION_PAGE_SIZE_DEFAULT,
  notificationListResponse,
} from '@fipay/contracts/notifications';
import { api } from '../../../lib/api-client';

export function getLatestNotifications(signal?: AbortSignal) {
  return api.get('notification/user/latest', latestNotificationsResponse, { signal });
}

export function getNotificationPage(page: number, signal?: AbortSignal) {
  return api.get('notification/user', notificationListResponse, {
    query: { page, pageSize: NOTIFICATION_PAGE_SIZE_DEFAULT },
    signal,
  });
}

/** SPEC.md section 7: an empty body. */
export function markNotificationRead(id: string) {
  return api.patch(`notification/${encodeURIComponent(id)}/read`, markReadResponse);
}

export function markAllNotificationsRead() {
  return api.patch('notification/user/read-all', markAllReadResponse);
}
