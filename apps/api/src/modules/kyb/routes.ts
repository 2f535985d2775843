import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contract from '@fipay/contracts/kyb';
import { kybMessages } from '@fipay/contracts/kyb';
import { messages } from '@fipay/contracts/messages';
import { ok, responses } from '../../lib/reply';
import { requireAuth } from '../../plugins/auth';
import { getCompanyWithApplication } from '../company/application';
import { saveDocuments } from './documents';
import { assertOwnIdentity } from './guards';
import { saveBusinessProfile, saveBusinessType } from './profile';
import { approveRepresentative, removeRepresentative, saveRepresentatives } from './representatives';
import { submitKyb } from './submit';

export const kybRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['company'];
  const security = [{ bearerAuth: [] }];
  const guarded = { preHandler: app.authenticate };

  app.get('/company/me', {
    ...guarded,
    schema: { tags, security, summary: 'The company of the signed-in user with its verification application', response: responses({ 200: contract.companyMeResponse }) },
  }, async (request) => ok(messages.ok, await getCompanyWithApplication(ctx, requireAuth(request).companyId)));

  app.post('/company/business-type', {
    ...guarded,
    schema: { tags, security, summary: 'Step 1: business type', body: contract.businessTypeRequest, response: responses({ 200: contract.businessTypeResponse }) },
  }, async (request) => {
    const auth = requireAuth(request);
    assertOwnIdentity(auth, request.body);
    await saveBusinessType(ctx, auth, request.body);
    return ok(kybMessages.businessTypeSaved, null);
  });

  app.post('/company/business-profile', {
    ...guarded,
    schema: { tags, security, summary: 'Step 2: business profile', body: contract.businessProfileRequest, response: responses({ 200: contract.businessProfileResponse }) },
  }, async (request) => {
    const auth = requireAuth(request);
    assertOwnIdentity(auth, request.body);
    await saveBusinessProfile(ctx, auth, request.body);
    return ok(kybMessages.profileSaved, null);
  });

  app.post('/company/documents', {
    ...guarded,
    schema: { tags, security, summary: 'Step 3: verification documents (uploaded first through aws/upload-url)', body: contract.documentsRequest, response: responses({ 200: contract.documentsResponse }) },
  }, async (request) => ok(kybMessages.documentsSaved, await saveDocuments(ctx, requireAuth(request), request.body)));

  app.post('/company/representatives', {
    ...guarded,
    schema: { tags, security, summary: "Step 4: the business' representatives (each asked to consent by email)", body: contract.representativesRequest, response: responses({ 200: contract.representativesResponse }) },
  }, async (request) => ok(kybMessages.representativesSaved, await saveRepresentatives(ctx, requireAuth(request), request.body)));

  app.delete('/company/remove-representative/:email', {
    ...guarded,
    schema: { tags, security, summary: 'Remove a representative by email', params: z.object({ email: z.string().min(1, kybMessages.representativeEmailMissing).max(254) }), response: responses({ 200: contract.removeRepresentativeResponse }) },
  }, async (request) => {
    await removeRepresentative(ctx, requireAuth(request), request.params.email);
    return ok(kybMessages.representativeRemoved, null);
  });

  app.put('/company/approve-representative', {
    schema: { tags, summary: "A representative's consent, from the emailed link (no account needed: the link's token is the credential)", body: contract.approveRepresentativeRequest, response: responses({ 200: contract.approveRepresentativeResponse }) },
  }, async (request) => {
    await approveRepresentative(ctx, request.body, request.ip);
    return ok(kybMessages.approvalSuccess, null);
  });

  app.post('/company/submit-kyb', {
    ...guarded,
    schema: { tags, security, summary: 'Step 5: settlement bank, and submission for review', body: contract.submitKybRequest, response: responses({ 200: contract.submitKybResponse }) },
  }, async (request) => {
    const auth = requireAuth(request);
    assertOwnIdentity(auth, request.body);
    await submitKyb(ctx, auth, request.body);
    return ok(kybMessages.kybSubmitted, null);
  });
};
