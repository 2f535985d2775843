import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contract from '@fipay/contracts/back-office';
import { backOfficeMessages } from '@fipay/contracts/back-office';
import { errorEnvelope } from '@fipay/contracts/envelope';
import { messages } from '@fipay/contracts/messages';
import { ok, responses } from '../../lib/reply';
import { requireReviewer } from '../../plugins/reviewer-auth';
import { reviewerActor } from '../audit/audit-log';
import { addNote, assignApplication, claimApplication, exportCaseAudit, revealSensitiveValue } from './case-actions';
import { getCase } from './case-view';
import { approveApplication, rejectApplication, requestChanges } from './decisions';
import { listApplications } from './queue';
import { enableReviewerTwoFactor, loginReviewer, setReviewerPassword, setupReviewerTwoFactor } from './reviewer-auth';
import { createReviewer, listReviewers, resetReviewerAccess, updateReviewer } from './reviewers';
import { revokeReviewerSession } from './sessions';

/** The back office's HTTP interface, under /api/v1/admin. Every route but sign-in checks the reviewer (plugins/reviewer-auth). */
export const backOfficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const security = [{ reviewerAuth: [] }];
  // Checked on request, before the body is parsed or validated: a stranger learns nothing from a 400.
  const full = { onRequest: app.reviewerOnly({ scope: 'full' }) };
  const admin = { onRequest: app.reviewerOnly({ scope: 'full', role: 'admin' }) };
  const enrolment = { onRequest: app.reviewerOnly({ scope: 'enrolment' }) };

  // Action routes take no body; a client that still says Content-Type: application/json with nothing after it is not an error.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  // ---- Sign-in
  {
    const tags = ['back office: sign-in'];
    app.post('/admin/auth/set-password', {
      schema: { tags, summary: 'Set the password from a setup link (same rules as company passwords)', body: contract.setPasswordRequest, response: responses({ 200: contract.setPasswordResponse }) },
    }, async (request) => {
      await setReviewerPassword(ctx, request.body, request.ip);
      return ok(backOfficeMessages.passwordSet, null);
    });

    app.post('/admin/auth/login', {
      schema: {
        tags,
        summary: 'Sign in: password, then the authenticator code (stage otp_required); without an authenticator, an enrolment session',
        body: contract.reviewerLoginRequest,
        response: responses({ 200: contract.reviewerLoginResponse }),
      },
    }, async (request) => {
      const data = await loginReviewer(ctx, request.body, request.ip);
      const message = { otp_required: backOfficeMessages.otpRequired, enrolment: backOfficeMessages.enrolmentRequired, signed_in: backOfficeMessages.signedIn };
      return ok(message[data.stage], data);
    });

    app.post('/admin/auth/2fa/setup', {
      ...enrolment,
      schema: { tags, security, summary: 'Start authenticator enrolment (enrolment session)', response: responses({ 200: contract.reviewerTwoFactorSetupResponse }) },
    }, async (request) => ok(backOfficeMessages.enrolmentStarted, await setupReviewerTwoFactor(ctx, requireReviewer(request))));

    app.post('/admin/auth/2fa/enable', {
      ...enrolment,
      schema: {
        tags,
        security,
        summary: 'Confirm the authenticator with a code; the enrolment session is replaced by a full one, recovery codes are shown once',
        body: contract.reviewerTwoFactorEnableRequest,
        response: responses({ 200: contract.reviewerTwoFactorEnableResponse }),
      },
    }, async (request) => ok(backOfficeMessages.twoFactorEnabled, await enableReviewerTwoFactor(ctx, requireReviewer(request), request.body.otp)));

    app.post('/admin/auth/logout', {
      ...enrolment,
      schema: { tags, security, summary: 'End this back-office session', response: responses({ 200: contract.reviewerLogoutResponse }) },
    }, async (request) => {
      await revokeReviewerSession(ctx.db, requireReviewer(request).sessionId);
      return ok(backOfficeMessages.signedOut, null);
    });

    app.get('/admin/me', {
      ...full,
      schema: { tags, security, summary: 'The signed-in reviewer', response: responses({ 200: contract.reviewerMeResponse }) },
    }, async (request) => {
      const { id, email, name, role, twoFactorEnabled } = requireReviewer(request);
      return ok(messages.ok, { id, email, name, role, twoFactorEnabled });
    });
  }

  // ---- Reviewer accounts (admins)
  {
    const tags = ['back office: reviewers'];
    app.get('/admin/reviewers', {
      ...admin,
      schema: { tags, security, summary: 'Every reviewer account', response: responses({ 200: contract.reviewerListResponse }) },
    }, async () => ok(backOfficeMessages.reviewersLoaded, { reviewers: await listReviewers(ctx.db) }));

    app.post('/admin/reviewers', {
      ...admin,
      schema: { tags, security, summary: 'Add a reviewer; they get an email with a 24-hour password-setup link', body: contract.createReviewerRequest, response: responses({ 201: contract.reviewerResponse }) },
    }, async (request, reply) => {
      const { reviewer } = await createReviewer(ctx, request.body, { actor: reviewerActor(requireReviewer(request)), sendEmail: true });
      return reply.code(201).send(ok(backOfficeMessages.reviewerCreated, reviewer));
    });

    app.patch('/admin/reviewers/:reviewerId', {
      ...admin,
      schema: { tags, security, summary: "Change a reviewer's role, or disable (ends their sessions) or re-enable them", params: contract.reviewerIdParams, body: contract.updateReviewerRequest, response: responses({ 200: contract.reviewerResponse }) },
    }, async (request) => ok(backOfficeMessages.reviewerUpdated, await updateReviewer(ctx, requireReviewer(request), request.params.reviewerId, request.body)));

    app.post('/admin/reviewers/:reviewerId/reset-access', {
      ...admin,
      schema: { tags, security, summary: "Clear a reviewer's password and authenticator and email them a new setup link", params: contract.reviewerIdParams, response: responses({ 200: contract.reviewerResponse }) },
    }, async (request) => {
      const me = requireReviewer(request);
      const { reviewer } = await resetReviewerAccess(ctx, request.params.reviewerId, { actor: reviewerActor(me), sendEmail: true, actingReviewerId: me.id });
      return ok(backOfficeMessages.reviewerAccessReset, reviewer);
    });
  }

  // ---- Applications
  {
    const tags = ['back office: applications'];
    const params = contract.companyIdParams;

    app.get('/admin/applications', {
      ...full,
      schema: { tags, security, summary: 'The queue: filter by status (SUBMITTED by default) and business type, search, oldest submission first', querystring: contract.queueQuery, response: responses({ 200: contract.queueResponse }) },
    }, async (request) => ok(backOfficeMessages.queueLoaded, await listApplications(ctx.db, request.query)));

    app.get('/admin/applications/:companyId', {
      ...full,
      schema: { tags, security, summary: 'The case: company, documents (signed links), representatives, bank, review items, notes, history (the view is audited)', params, response: responses({ 200: contract.caseResponse }) },
    }, async (request) => ok(backOfficeMessages.caseLoaded, await getCase(ctx, requireReviewer(request), request.params.companyId)));

    app.post('/admin/applications/:companyId/claim', {
      ...full,
      schema: { tags, security, summary: 'Take the case (when unassigned or already yours)', params, response: responses({ 200: contract.claimResponse }) },
    }, async (request) => ok(backOfficeMessages.claimed, await claimApplication(ctx, requireReviewer(request), request.params.companyId)));

    app.post('/admin/applications/:companyId/assign', {
      ...admin,
      schema: { tags, security, summary: 'Assign the case to a reviewer, or to nobody with null (admins)', params, body: contract.assignRequest, response: responses({ 200: contract.assignResponse }) },
    }, async (request) => ok(backOfficeMessages.assigned, await assignApplication(ctx, requireReviewer(request), request.params.companyId, request.body.reviewerId)));

    app.post('/admin/applications/:companyId/reveal', {
      ...admin,
      schema: { tags, security, summary: 'One BVN or ID number in clear (admins; audited)', params, body: contract.revealRequest, response: responses({ 200: contract.revealResponse }) },
    }, async (request) => ok(backOfficeMessages.revealed, await revealSensitiveValue(ctx, requireReviewer(request), request.params.companyId, request.body)));

    app.post('/admin/applications/:companyId/notes', {
      ...full,
      schema: { tags, security, summary: 'Add an internal note (never shown to the company)', params, body: contract.noteRequest, response: responses({ 201: contract.noteResponse }) },
    }, async (request, reply) => reply.code(201).send(ok(backOfficeMessages.noteAdded, await addNote(ctx, requireReviewer(request), request.params.companyId, request.body.text))));

    app.post('/admin/applications/:companyId/approve', {
      ...full,
      schema: { tags, security, summary: 'Approve (assignee only; the application must be SUBMITTED)', params, response: responses({ 200: contract.decisionResponse }) },
    }, async (request) => ok(backOfficeMessages.approved, await approveApplication(ctx, requireReviewer(request), request.params.companyId)));

    app.post('/admin/applications/:companyId/reject', {
      ...full,
      schema: { tags, security, summary: 'Reject with a reason the company sees; final, or the company may resubmit (assignee only)', params, body: contract.rejectRequest, response: responses({ 200: contract.decisionResponse }) },
    }, async (request) => ok(backOfficeMessages.rejected, await rejectApplication(ctx, requireReviewer(request), request.params.companyId, request.body)));

    app.post('/admin/applications/:companyId/request-changes', {
      ...full,
      schema: { tags, security, summary: 'Ask the company to fix named documents, representatives or the bank details, each with a reason (assignee only)', params, body: contract.requestChangesRequest, response: responses({ 200: contract.decisionResponse }) },
    }, async (request) => ok(backOfficeMessages.changesRequested, await requestChanges(ctx, requireReviewer(request), request.params.companyId, request.body)));

    app.get('/admin/applications/:companyId/audit.csv', {
      ...admin,
      schema: {
        tags,
        security,
        summary: "The case's audit trail as CSV (admins; the export is audited)",
        params,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV, UTF-8 with a byte-order mark'), '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
    }, async (request, reply) => {
      const csv = await exportCaseAudit(ctx, requireReviewer(request), request.params.companyId);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-${request.params.companyId}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(csv);
    });
  }
};
