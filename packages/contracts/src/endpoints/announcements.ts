import {
  adminAnnouncementListQuery,
  adminAnnouncementListResponse,
  adminAnnouncementResponse,
  announcementIdParams,
  announcementListQuery,
  announcementListResponse,
  createAnnouncementRequest,
  updateAnnouncementRequest,
} from '../announcements';
import { defineEndpoint } from '../endpoint';

/** The Community page's announcements (docs/decisions/0091-announcements-from-the-back-office.md). */
export const announcementEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/announcements',
    access: 'company',
    tags: ['community'],
    summary: "The operator's published announcements that have not expired, newest first",
    query: announcementListQuery,
    response: announcementListResponse,
    errors: [],
  }),
};

const backOfficeAnnouncements = ['back office: announcements'];

/** Admins write, publish and archive the announcements; every change is in the audit log. */
export const announcementAdminEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/announcements',
    access: 'admin',
    tags: backOfficeAnnouncements,
    summary: 'Announcements of one status with the count of each: drafts newest change first, published newest first, archived newest archived first',
    query: adminAnnouncementListQuery,
    response: adminAnnouncementListResponse,
    errors: [],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/announcements/:announcementId',
    access: 'admin',
    tags: backOfficeAnnouncements,
    summary: 'One announcement, any status',
    params: announcementIdParams,
    response: adminAnnouncementResponse,
    errors: ['NOT_FOUND'],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/announcements',
    access: 'admin',
    tags: backOfficeAnnouncements,
    summary: 'Write an announcement; it is a draft until published',
    body: createAnnouncementRequest,
    status: 201,
    response: adminAnnouncementResponse,
    errors: [],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/admin/announcements/:announcementId',
    access: 'admin',
    tags: backOfficeAnnouncements,
    summary: "Change an announcement's title, text, link or expiry, in any status (a published one changes where businesses read it)",
    params: announcementIdParams,
    body: updateAnnouncementRequest,
    response: adminAnnouncementResponse,
    errors: ['NOT_FOUND'],
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/admin/announcements/:announcementId/publish',
    access: 'admin',
    tags: backOfficeAnnouncements,
    summary: 'Publish a draft, or publish an archived announcement again (it keeps the day it was first published)',
    description: 'An announcement already published, or past its expiry, answers 409 and changes nothing.',
    params: announcementIdParams,
    response: adminAnnouncementResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  archive: defineEndpoint({
    method: 'POST',
    path: '/admin/announcements/:announcementId/archive',
    access: 'admin',
    tags: backOfficeAnnouncements,
    summary: 'Take an announcement down (a draft may be archived too); it can be published again',
    description: 'An announcement already archived answers 409 and changes nothing.',
    params: announcementIdParams,
    response: adminAnnouncementResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
};
