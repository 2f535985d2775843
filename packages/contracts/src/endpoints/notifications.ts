import { defineEndpoint } from '../endpoint';
import {
  latestNotificationsResponse,
  markAllReadResponse,
  markReadResponse,
  notificationIdParams,
  notificationListQuery,
  notificationListResponse,
} from '../notifications';

const tags = ['notifications'];

export const notificationEndpoints = {
  latest: defineEndpoint({
    method: 'GET',
    path: '/notification/user/latest',
    access: 'company',
    tags,
    summary: 'The newest notifications of the signed-in user and the unread count',
    response: latestNotificationsResponse,
    errors: [],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/notification/user',
    access: 'company',
    tags,
    summary: "One page of the signed-in user's notifications, newest first",
    query: notificationListQuery,
    response: notificationListResponse,
    errors: [],
  }),
  markAllRead: defineEndpoint({
    method: 'PATCH',
    path: '/notification/user/read-all',
    access: 'company',
    tags,
    summary: 'Mark every notification of the signed-in user as read (no body)',
    response: markAllReadResponse,
    errors: [],
  }),
  markRead: defineEndpoint({
    method: 'PATCH',
    path: '/notification/:id/read',
    access: 'company',
    tags,
    summary: "Mark one of the signed-in user's notifications as read (no body; idempotent)",
    params: notificationIdParams,
    response: markReadResponse,
    errors: ['NOT_FOUND'],
  }),
};
