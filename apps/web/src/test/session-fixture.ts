import type { Session } from '@fipay/contracts/auth';
import type { RepresentativeRecord } from '@fipay/contracts/company';

/** A JWT-shaped token whose payload carries `exp`; the signature is never checked by the browser. */
export function fakeJwt(expSeconds: number) {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'user', exp: expSeconds })}.signature`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function sessionFixture(overrides: Partial<Session> = {}): Session {
  return {
    user: {
      id: '0b9f4c0e-8f1b-4c53-9b7e-2f0d6c1a2b3c',
      companyId: '7d4e2a10-1c3b-4e5f-8a9b-0c1d2e3f4a5b',
      firstName: 'Ada',
      lastName: 'Okafor',
      email: 'ada@acme.ng',
    },
    company: {
      id: '7d4e2a10-1c3b-4e5f-8a9b-0c1d2e3f4a5b',
      name: 'Acme Logistics Ltd',
      email: 'hello@acme.ng',
      phone: '+2348012345678',
      website: 'https://acme.ng',
      countryId: 160,
      address: '12 Marina Road, Lagos',
      registrationNo: 'RC1234567',
      application: {
        businessType: { businessType: 'Registered Business', subType: 'SME' },
        businessProfile: {
          description: 'Freight and logistics across Lagos',
          industry: 'Ecommerce',
          currency: 'NGN',
          website: 'https://acme.ng',
          country: 'Nigeria',
          state: 'Lagos',
          lga: 'Ikeja',
          address: '12 Marina Road, Lagos',
          landmark: 'Opposite the cathedral',
          dateOfBirth: 0,
          incorporatedTrusteeCategory: '',
          smeCategory: 'Limited Liability',
          sourceOfFund: 'Investment',
          monthlyIncome: 2500000,
        },
        documents: [
          {
            id: 'a1b2c3d4-0000-4000-8000-000000000001',
            companyId: '7d4e2a10-1c3b-4e5f-8a9b-0c1d2e3f4a5b',
            userId: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
            name: 'cac.pdf',
            fileUrl: 'http://localhost:3000/api/v1/uploads/companies/7d4e2a10/documents/cac.pdf',
            objectKey: 'companies/7d4e2a10/documents/cac.pdf',
            docKey: 'certificate',
            isCAC: true,
            cacRegNumber: 'RC1234567',
            contentType: 'application/pdf',
            size: 52000,
            viewUrl: 'http://localhost:3000/api/v1/uploads/companies/7d4e2a10/documents/cac.pdf?sig=x',
            uploadedAt: '2026-11-20T10:00:00.000Z',
          },
        ],
        representatives: [representativeFixture()],
        bankDetails: null,
        status: { code: 'IN_PROGRESS' },
        rejectionReason: null,
        progress: { currentStep: 3 },
      },
    },
    accessToken: fakeJwt(nowSeconds() + 15 * 60),
    refreshToken: 'refresh-1',
    ...overrides,
  };
}

/** A saved representative as the server returns it (ID number masked). */
export function representativeFixture(overrides: Partial<RepresentativeRecord> = {}): RepresentativeRecord {
  return {
    id: 'b1b2c3d4-0000-4000-8000-000000000002',
    position: 'Director',
    fullName: 'Ada Okafor',
    email: 'ada@acme.ng',
    phone: '+2348012345679',
    idType: 'NIN',
    idNumber: '*******8901',
    approvedBy: null,
    isRepApproved: false,
    approvedAt: null,
    ...overrides,
  };
}
