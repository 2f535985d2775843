import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementMessages } from '@fipay/contracts/announcements';
import { communityMessages } from '@fipay/contracts/community';
import { announcementAdminEndpoints, announcementEndpoints } from '@fipay/contracts/endpoints/announcements';
import { communityEndpoints } from '@fipay/contracts/endpoints/community';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireReviewer } from '../../plugins/reviewer-auth';
import {
  archiveAnnouncement,
  createAnnouncement,
  getAnnouncement,
  listAnnouncementsForAdmins,
  listPublishedAnnouncements,
  publishAnnouncement,
  updateAnnouncement,
} from './announcements';

/**
 * The community links come from configuration only (docs/decisions/0088-university-and-community.md); the operator's
 * announcements from the database, written by admins in the back office (docs/decisions/0091-announcements-from-the-back-office.md).
 */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { url, links } = app.ctx.config.community;
  const db = app.ctx.db;
  registerRoute(app, communityEndpoints.get, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return ok(communityMessages.loaded, { url, links });
  });

  registerRoute(app, announcementEndpoints.list, async (request) => ok(announcementMessages.loaded, await listPublishedAnnouncements(db, request.query)));

  registerRoute(app, announcementAdminEndpoints.list, async (request) => ok(announcementMessages.loaded, await listAnnouncementsForAdmins(db, request.query)));
  registerRoute(app, announcementAdminEndpoints.get, async (request) => ok(announcementMessages.oneLoaded, await getAnnouncement(db, request.params.announcementId)));
  registerRoute(app, announcementAdminEndpoints.create, async (request) => ok(announcementMessages.created, await createAnnouncement(db, requireReviewer(request), request.body)));
  registerRoute(app, announcementAdminEndpoints.update, async (request) =>
    ok(announcementMessages.updated, await updateAnnouncement(db, requireReviewer(request), request.params.announcementId, request.body)),
  );
  registerRoute(app, announcementAdminEndpoints.publish, async (request) =>
    ok(announcementMessages.published, await publishAnnouncement(db, requireReviewer(request), request.params.announcementId)),
  );
  registerRoute(app, announcementAdminEndpoints.archive, async (request) =>
    ok(announcementMessages.archived, await archiveAnnouncement(db, requireReviewer(request), request.params.announcementId)),
  );
};
