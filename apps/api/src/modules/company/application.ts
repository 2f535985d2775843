import type { Application, Company } from '@fipay/contracts/company';
import type { Queryable } from '../../db/client';

type CompanyRow = {
  id: string;
  name: string;
  email: string;
  phone: string;
  website: string;
  country_id: number;
  address: string;
  registration_no: string;
};

/** The application of a company that has not started its business verification. */
export function emptyApplication(): Application {
  return {
    businessType: null,
    businessProfile: null,
    documents: [],
    representatives: [],
    bankDetails: null,
    status: { code: null },
    rejectionReason: null,
    progress: { currentStep: 1 },
  };
}

export async function getCompanyWithApplication(db: Queryable, companyId: string): Promise<Company> {
  const { rows } = await db.query<CompanyRow>(
    'SELECT id, name, email, phone, website, country_id, address, registration_no FROM companies WHERE id = $1',
    [companyId],
  );
  const row = rows[0];
  if (!row) throw new Error(`Company ${companyId} not found`);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    website: row.website,
    countryId: row.country_id,
    address: row.address,
    registrationNo: row.registration_no,
    application: emptyApplication(),
  };
}
