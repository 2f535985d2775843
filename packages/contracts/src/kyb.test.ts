import { describe, expect, it } from 'vitest';
import { businessProfileRequest, kybMessages, profileErrorsForType, representativeInput } from './kyb';
import { stepPath } from './kyb-options';

const empty = { dateOfBirth: 0, incorporatedTrusteeCategory: '', smeCategory: '', sourceOfFund: '', monthlyIncome: 0 };

describe('business profile rules by type', () => {
  it('accepts a date of birth before 1970 and refuses an empty or future one', () => {
    const born1965 = Date.UTC(1965, 2, 14);
    expect(born1965).toBeLessThan(0);
    expect(profileErrorsForType({ ...empty, dateOfBirth: born1965 }, 'Individual', null)).toEqual({});
    expect(profileErrorsForType(empty, 'Individual', null)).toEqual({ dateOfBirth: kybMessages.dateOfBirth });
    expect(profileErrorsForType({ ...empty, dateOfBirth: Date.now() + 86_400_000 }, 'Individual', null)).toEqual({ dateOfBirth: kybMessages.dateOfBirthInvalid });
  });

  it('answers a date of birth before 1900, past the last JavaScript date or not a whole millisecond with the same message as a future one', () => {
    const base = {
      description: 'A business long enough', industry: 'Fintech', currency: 'NGN', country: 'Nigeria', state: 'Kano', lga: 'Kano Municipal',
      address: '1 Marina Road', landmark: 'Bridge', userId: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', companyId: '7d4e2a10-1c3b-4e5f-8a9b-0c1d2e3f4a5b',
    };
    // After the latest date JavaScript holds, a stored date of birth could not be read back as a date.
    for (const dateOfBirth of [Date.UTC(1899, 11, 31), 1.5, 8.64e15 + 1]) {
      const result = businessProfileRequest.safeParse({ ...base, dateOfBirth });
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['dateOfBirth'], message: kybMessages.dateOfBirthInvalid })]);
    }
    expect(businessProfileRequest.safeParse({ ...base, dateOfBirth: Date.UTC(1900, 0, 1) }).success).toBe(true);
  });

  it('asks each type only for its own fields', () => {
    expect(Object.keys(profileErrorsForType(empty, 'NGO', null))).toEqual(['incorporatedTrusteeCategory']);
    expect(Object.keys(profileErrorsForType(empty, 'Registered Business', 'SME'))).toEqual(['smeCategory', 'sourceOfFund', 'monthlyIncome']);
    expect(Object.keys(profileErrorsForType(empty, 'Registered Business', 'Non-SME'))).toEqual(['sourceOfFund', 'monthlyIncome']);
    expect(profileErrorsForType({ ...empty, smeCategory: 'Conglomerate', sourceOfFund: 'Salary', monthlyIncome: 5 }, 'Registered Business', 'SME')).toEqual({
      smeCategory: kybMessages.optionUnknown,
    });
  });

  it('checks that the LGA belongs to the state', () => {
    const base = {
      description: 'A business long enough', industry: 'Fintech', currency: 'NGN', country: 'Nigeria', address: '1 Marina Road', landmark: 'Bridge',
      userId: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', companyId: '7d4e2a10-1c3b-4e5f-8a9b-0c1d2e3f4a5b',
    };
    expect(businessProfileRequest.safeParse({ ...base, state: 'Kano', lga: 'Kano Municipal' }).success).toBe(true);
    const wrong = businessProfileRequest.safeParse({ ...base, state: 'Kano', lga: 'Ikeja' });
    expect(wrong.error?.issues[0]).toMatchObject({ path: ['lga'], message: kybMessages.lgaUnknown });
  });

  it('maps steps 2 to 5 to their paths and anything else to /kyc', () => {
    expect([1, 2, 3, 4, 5, 0, 9, null].map(stepPath)).toEqual(['/kyc', '/kyc/business-profile', '/kyc/documents', '/kyc/representative', '/kyc/bank-details', '/kyc', '/kyc', '/kyc']);
  });

  it('refuses a masked ID number sent back as if it were the real one', () => {
    const rep = { position: 'Director', fullName: 'Ngozi Eze', email: 'n@e.ng', phone: '0803', idType: 'NIN', idNumber: '*******8901' };
    expect(representativeInput.safeParse(rep).error?.issues[0]).toMatchObject({ path: ['idNumber'], message: kybMessages.idNumberMasked });
    expect(representativeInput.safeParse({ ...rep, idNumber: '12345678901' }).success).toBe(true);
  });
});
