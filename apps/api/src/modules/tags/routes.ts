import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recipientEndpoints, tagEndpoints } from '@fipay/contracts/endpoints/fipay-tags';
import { tagMessages } from '@fipay/contracts/fipay-tags';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireAuth } from '../../plugins/auth';
import { requireMerchant } from '../../plugins/merchant-auth';
import { checkTagAvailability, getCompanyTag, lookUpRecipient, setCompanyTag } from './fipay-tags';

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoute(app, tagEndpoints.get, async (request) => ok(tagMessages.loaded, await getCompanyTag(app.ctx, { companyId: requireAuth(request).companyId })));

  registerRoute(app, tagEndpoints.set, async (request) => {
    const { companyId, userId } = requireAuth(request);
    const { tag, changed } = await setCompanyTag(app.ctx, { companyId, userId, tag: request.body.tag });
    return ok(changed ? tagMessages.saved : tagMessages.unchanged, tag);
  });

  registerRoute(app, tagEndpoints.availability, async (request) => {
    const { companyId } = requireAuth(request);
    await app.ctx.limiter.consume('tagAvailabilityPerCompany', companyId);
    const answer = await checkTagAvailability(app.ctx, { companyId, tag: request.query.tag });
    return ok(answer.status === 'taken' ? tagMessages.taken : answer.status === 'yours' ? tagMessages.yours : tagMessages.available, answer);
  });

  // A secret key too (ADR 0083): the merchant plugin has refused a live key or session of a business not approved, and
  // only approved businesses are found, so a live look-up finds what a live transfer may reach. One bucket per company
  // for keys and sessions alike: a guesser gains nothing by switching credentials.
  registerRoute(app, recipientEndpoints.lookup, async (request) => {
    const { companyId } = requireMerchant(request);
    await app.ctx.limiter.consume('recipientLookupPerCompany', companyId);
    return ok(tagMessages.recipientFound, await lookUpRecipient(app.ctx, { companyId, ...request.query }));
  });
};
