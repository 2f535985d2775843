import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyEndpoints as endpoints } from '@fipay/contracts/endpoints/company';
import { kybMessages } from '@fipay/contracts/kyb';
import { messages } from '@fipay/contracts/messages';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireAuth } from '../../plugins/auth';
import { getCompanyWithApplication } from '../company/application';
import { saveDocuments } from './documents';
import { assertOwnIdentity } from './guards';
import { saveBusinessProfile, saveBusinessType } from './profile';
import { approveRepresentative, removeRepresentative, saveRepresentatives } from './representatives';
import { submitKyb } from './submit';

export const kybRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  registerRoute(app, endpoints.me, async (request) => ok(messages.ok, await getCompanyWithApplication(ctx, requireAuth(request).companyId)));

  registerRoute(app, endpoints.saveBusinessType, async (request) => {
    const auth = requireAuth(request);
    assertOwnIdentity(auth, request.body);
    await saveBusinessType(ctx, auth, request.body);
    return ok(kybMessages.businessTypeSaved, null);
  });

  registerRoute(app, endpoints.saveBusinessProfile, async (request) => {
    const auth = requireAuth(request);
    assertOwnIdentity(auth, request.body);
    await saveBusinessProfile(ctx, auth, request.body);
    return ok(kybMessages.profileSaved, null);
  });

  registerRoute(app, endpoints.saveDocuments, async (request) => ok(kybMessages.documentsSaved, await saveDocuments(ctx, requireAuth(request), request.body)));

  registerRoute(app, endpoints.saveRepresentatives, async (request) => ok(kybMessages.representativesSaved, await saveRepresentatives(ctx, requireAuth(request), request.body)));

  registerRoute(app, endpoints.removeRepresentative, async (request) => {
    await removeRepresentative(ctx, requireAuth(request), request.params.email);
    return ok(kybMessages.representativeRemoved, null);
  });

  registerRoute(app, endpoints.approveRepresentative, async (request) => {
    await approveRepresentative(ctx, request.body, request.ip);
    return ok(kybMessages.approvalSuccess, null);
  });

  registerRoute(app, endpoints.submitKyb, async (request) => {
    const auth = requireAuth(request);
    assertOwnIdentity(auth, request.body);
    await submitKyb(ctx, auth, request.body);
    return ok(kybMessages.kybSubmitted, null);
  });
};
