import { notificationEndpoints } from '@fipay/contracts/endpoints/notifications';
import { NOTIFICATION_PAGE_SIZE_DEFAULT } from '@fipay/contracts/notifications';
import { callApi } from '../../../lib/api-client';

export function getLatestNotifications(signal?: AbortSignal) {
  return callApi(notificationEndpoints.latest, { signal });
}

export function getNotificationPage(page: number, signal?: AbortSignal) {
  return callApi(notificationEndpoints.list, { query: { page, pageSize: NOTIFICATION_PAGE_SIZE_DEFAULT }, signal });
}

/** SPEC.md section 7: an empty body. */
export function markNotificationRead(id: string) {
  return callApi(notificationEndpoints.markRead, { params: { id } });
}

export function markAllNotificationsRead() {
  return callApi(notificationEndpoints.markAllRead);
}
