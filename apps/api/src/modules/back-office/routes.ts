import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backOfficeMessages, liveReadinessMessages, payoutHoldMessages, refundAttentionMessages } from '@fipay/contracts/back-office';
import { backOfficeEndpoints as endpoints } from '@fipay/contracts/endpoints/back-office';
import { messages } from '@fipay/contracts/messages';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireReviewer } from '../../plugins/reviewer-auth';
import { reviewerActor } from '../audit/audit-log';
import { addNote, assignApplication, claimApplication, exportCaseAudit, revealSensitiveValue } from './case-actions';
import { getCase } from './case-view';
import { liveReadinessReport } from './live-readiness-report';
import { approveApplication, rejectApplication, requestChanges } from './decisions';
import { holdPayouts, payoutHold, releasePayouts } from './payout-hold';
import { listApplications } from './queue';
import { refundsNeedingAttention } from './refunds-needing-attention';
import { enableReviewerTwoFactor, loginReviewer, setReviewerPassword, setupReviewerTwoFactor } from './reviewer-auth';
import { createReviewer, listReviewers, resetReviewerAccess, updateReviewer } from './reviewers';
import { revokeReviewerSession } from './sessions';

/**
 * The back office's HTTP interface, under /api/v1/admin. Every route but sign-in checks the
 * reviewer on request, before the body is parsed or validated (the contract's access; plugins/reviewer-auth).
 */
export const backOfficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  // Action routes take no body; a client that still says Content-Type: application/json with nothing after it is not an error.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  // ---- Sign-in
  registerRoute(app, endpoints.setPassword, async (request) => {
    await setReviewerPassword(ctx, request.body, request.ip);
    return ok(backOfficeMessages.passwordSet, null);
  });

  registerRoute(app, endpoints.login, async (request) => {
    const data = await loginReviewer(ctx, request.body, request.ip);
    const message = { otp_required: backOfficeMessages.otpRequired, enrolment: backOfficeMessages.enrolmentRequired, signed_in: backOfficeMessages.signedIn };
    return ok(message[data.stage], data);
  });

  registerRoute(app, endpoints.setupTwoFactor, async (request) => ok(backOfficeMessages.enrolmentStarted, await setupReviewerTwoFactor(ctx, requireReviewer(request))));

  registerRoute(app, endpoints.enableTwoFactor, async (request) =>
    ok(backOfficeMessages.twoFactorEnabled, await enableReviewerTwoFactor(ctx, requireReviewer(request), request.body.otp)));

  registerRoute(app, endpoints.logout, async (request) => {
    await revokeReviewerSession(ctx.db, requireReviewer(request).sessionId);
    return ok(backOfficeMessages.signedOut, null);
  });

  registerRoute(app, endpoints.me, async (request) => {
    const { id, email, name, role, twoFactorEnabled } = requireReviewer(request);
    return ok(messages.ok, { id, email, name, role, twoFactorEnabled });
  });

  // ---- Reviewer accounts (admins)
  registerRoute(app, endpoints.listReviewers, async () => ok(backOfficeMessages.reviewersLoaded, { reviewers: await listReviewers(ctx.db) }));

  registerRoute(app, endpoints.createReviewer, async (request) => {
    const { reviewer } = await createReviewer(ctx, request.body, { actor: reviewerActor(requireReviewer(request)), sendEmail: true });
    return ok(backOfficeMessages.reviewerCreated, reviewer);
  });

  registerRoute(app, endpoints.updateReviewer, async (request) =>
    ok(backOfficeMessages.reviewerUpdated, await updateReviewer(ctx, requireReviewer(request), request.params.reviewerId, request.body)));

  registerRoute(app, endpoints.resetReviewerAccess, async (request) => {
    const me = requireReviewer(request);
    const { reviewer } = await resetReviewerAccess(ctx, request.params.reviewerId, { actor: reviewerActor(me), sendEmail: true, actingReviewerId: me.id });
    return ok(backOfficeMessages.reviewerAccessReset, reviewer);
  });

  // ---- Applications
  registerRoute(app, endpoints.queue, async (request) => ok(backOfficeMessages.queueLoaded, await listApplications(ctx.db, request.query)));

  registerRoute(app, endpoints.getCase, async (request) => ok(backOfficeMessages.caseLoaded, await getCase(ctx, requireReviewer(request), request.params.companyId)));

  registerRoute(app, endpoints.claim, async (request) => ok(backOfficeMessages.claimed, await claimApplication(ctx, requireReviewer(request), request.params.companyId)));

  registerRoute(app, endpoints.assign, async (request) =>
    ok(backOfficeMessages.assigned, await assignApplication(ctx, requireReviewer(request), request.params.companyId, request.body.reviewerId)));

  registerRoute(app, endpoints.reveal, async (request) =>
    ok(backOfficeMessages.revealed, await revealSensitiveValue(ctx, requireReviewer(request), request.params.companyId, request.body)));

  registerRoute(app, endpoints.addNote, async (request) =>
    ok(backOfficeMessages.noteAdded, await addNote(ctx, requireReviewer(request), request.params.companyId, request.body.text)));

  registerRoute(app, endpoints.approve, async (request) => ok(backOfficeMessages.approved, await approveApplication(ctx, requireReviewer(request), request.params.companyId)));

  registerRoute(app, endpoints.reject, async (request) =>
    ok(backOfficeMessages.rejected, await rejectApplication(ctx, requireReviewer(request), request.params.companyId, request.body)));

  registerRoute(app, endpoints.requestChanges, async (request) =>
    ok(backOfficeMessages.changesRequested, await requestChanges(ctx, requireReviewer(request), request.params.companyId, request.body)));

  registerRoute(app, endpoints.auditCsv, async (request, reply) => {
    const csv = await exportCaseAudit(ctx, requireReviewer(request), request.params.companyId);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="audit-${request.params.companyId}.csv"`)
      .header('Cache-Control', 'private, no-store')
      .send(csv);
  });

  registerRoute(app, endpoints.payoutHold, async (request) => ok(payoutHoldMessages.loaded, await payoutHold(ctx, request.params.companyId)));
  registerRoute(app, endpoints.holdPayouts, async (request) =>
    ok(payoutHoldMessages.held, await holdPayouts(ctx, requireReviewer(request), request.params.companyId, request.body.reason)));
  registerRoute(app, endpoints.releasePayouts, async (request) =>
    ok(payoutHoldMessages.released, await releasePayouts(ctx, requireReviewer(request), request.params.companyId)));

  registerRoute(app, endpoints.refundsNeedingAttention, async () => ok(refundAttentionMessages.loaded, await refundsNeedingAttention(ctx.db)));

  // ---- Live payments: whether this server can take them, for its operators.
  registerRoute(app, endpoints.liveReadiness, async () => ok(liveReadinessMessages.loaded, await liveReadinessReport(ctx)));
};
