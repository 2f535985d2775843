import type { z } from 'zod';
import type { BusinessProfileRecord } from '@fipay/contracts/company';
import { type businessProfileRequest, type businessTypeRequest, kybMessages, profileErrorsForType } from '@fipay/contracts/kyb';
import type { BusinessSubType, BusinessType } from '@fipay/contracts/kyb-options';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { advanceTo, type CompanyActor, openApplicationForChange } from './guards';

export async function saveBusinessType(ctx: AppContext, actor: CompanyActor, input: z.output<typeof businessTypeRequest>): Promise<void> {
  const { companyId } = actor;
  await ctx.db.transaction(async (tx) => {
    const application = await openApplicationForChange(tx, actor);
    if (application.status === 'CHANGES_REQUESTED') {
      // Walking through the steps again is fine; only a change is refused.
      if (application.business_type === input.businessType && application.sub_type === (input.subType ?? null)) return;
      throw new AppError('CONFLICT', kybMessages.onlyFlaggedItems);
    }
    await tx.query('UPDATE kyb_applications SET business_type = $2, sub_type = $3, updated_at = now() WHERE company_id = $1', [
      companyId,
      input.businessType,
      input.subType ?? null,
    ]);
    await advanceTo(tx, companyId, 2);
  });
}

export async function saveBusinessProfile(ctx: AppContext, actor: CompanyActor, input: z.output<typeof businessProfileRequest>): Promise<void> {
  const { companyId } = actor;
  await ctx.db.transaction(async (tx) => {
    const application = await openApplicationForChange(tx, actor);
    if (!application.business_type) {
      throw new AppError('UNPROCESSABLE', kybMessages.businessTypeFirst, { errors: { businessType: kybMessages.businessTypeFirst } });
    }
    const type = application.business_type as BusinessType;
    const subType = application.sub_type as BusinessSubType | null;
    const errors = profileErrorsForType(input, type, subType);
    if (Object.keys(errors).length > 0) {
      throw new AppError('VALIDATION_FAILED', Object.values(errors)[0]!, { errors });
    }
    const profile: BusinessProfileRecord = {
      description: input.description,
      industry: input.industry,
      currency: input.currency,
      website: input.website,
      country: input.country,
      state: input.state,
      lga: input.lga,
      address: input.address,
      landmark: input.landmark,
      // Fields another business type would need are not kept.
      dateOfBirth: type === 'Individual' ? input.dateOfBirth : 0,
      incorporatedTrusteeCategory: type === 'NGO' ? input.incorporatedTrusteeCategory : '',
      smeCategory: subType === 'SME' ? input.smeCategory : '',
      sourceOfFund: type === 'Registered Business' ? input.sourceOfFund : '',
      monthlyIncome: type === 'Registered Business' ? input.monthlyIncome : 0,
    };
    if (application.status === 'CHANGES_REQUESTED') {
      const stored = (await tx.query<{ profile: BusinessProfileRecord | null }>('SELECT profile FROM kyb_applications WHERE company_id = $1', [companyId])).rows[0]?.profile;
      const same = stored && (Object.keys(profile) as (keyof BusinessProfileRecord)[]).every((key) => stored[key] === profile[key]);
      if (same) return;
      throw new AppError('CONFLICT', kybMessages.onlyFlaggedItems);
    }
    await tx.query('UPDATE kyb_applications SET profile = $2, updated_at = now() WHERE company_id = $1', [companyId, JSON.stringify(profile)]);
    await advanceTo(tx, companyId, 3);
  });
}
