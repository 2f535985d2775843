import type { Application, BusinessProfileRecord, Company, DocumentRecord, RepresentativeRecord } from '@fipay/contracts/company';
import type { ApplicationStatus, BusinessSubType, BusinessType, DocKey } from '@fipay/contracts/kyb-options';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { firstStepToFix, openReviewItems, toReviewItem } from '../kyb/review-items';

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

type ApplicationRow = {
  status: ApplicationStatus;
  rejection_final: boolean;
  business_type: BusinessType | null;
  sub_type: BusinessSubType | null;
  profile: BusinessProfileRecord | null;
  current_step: number;
  rejection_reason: string | null;
};

type DocumentRow = {
  id: string;
  company_id: string;
  user_id: string;
  doc_key: DocKey;
  name: string;
  file_url: string;
  object_key: string;
  content_type: string;
  size_bytes: number;
  is_cac: boolean;
  cac_reg_number: string | null;
  created_at: Date | string;
};

type RepresentativeRow = {
  id: string;
  position: string;
  full_name: string;
  email: string;
  phone: string;
  id_type: string;
  id_number_last4: string;
  approved_by: string | null;
  approved_at: Date | string | null;
  created_at: Date | string;
};

type BankRow = { currency: string; account_number: string; account_name: string; bank_name: string; bank_code: string; bvn_last4: string };

/** Shows only the last four characters, e.g. "*******8901". */
export function mask(last4: string, length = 11): string {
  return `${'*'.repeat(Math.max(0, length - last4.length))}${last4}`;
}

const VIEW_LINK_SECONDS = 10 * 60;

/** JSON gives timestamps as text; the answer shows them as ISO instants, to the millisecond as before. */
const instant = (value: Date | string) => new Date(value).toISOString();

async function toDocumentRecords(ctx: AppContext, rows: DocumentRow[]): Promise<DocumentRecord[]> {
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      companyId: row.company_id,
      userId: row.user_id,
      name: row.name,
      fileUrl: row.file_url,
      objectKey: row.object_key,
      docKey: row.doc_key,
      isCAC: row.is_cac,
      cacRegNumber: row.cac_reg_number,
      contentType: row.content_type,
      size: row.size_bytes,
      viewUrl: await ctx.storage.presignDownload({ key: row.object_key, expiresInSeconds: VIEW_LINK_SECONDS, fileName: row.name }),
      uploadedAt: instant(row.created_at),
    })),
  );
}

function toRepresentativeRecords(rows: RepresentativeRow[]): RepresentativeRecord[] {
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    idType: row.id_type,
    idNumber: mask(row.id_number_last4),
    approvedBy: row.approved_by,
    isRepApproved: row.approved_at !== null,
    approvedAt: row.approved_at === null ? null : instant(row.approved_at),
  }));
}

const DOCUMENT_COLUMNS = 'id, company_id, user_id, doc_key, name, file_url, object_key, content_type, size_bytes, is_cac, cac_reg_number, created_at';
const REPRESENTATIVE_COLUMNS = 'id, position, full_name, email, phone, id_type, id_number_last4, approved_by, approved_at, created_at';

export async function documentRecords(ctx: AppContext, db: Queryable, companyId: string): Promise<DocumentRecord[]> {
  const { rows } = await db.query<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM kyb_documents WHERE company_id = $1 ORDER BY created_at`, [companyId]);
  return toDocumentRecords(ctx, rows);
}

export async function representativeRecords(db: Queryable, companyId: string): Promise<RepresentativeRecord[]> {
  const { rows } = await db.query<RepresentativeRow>(`SELECT ${REPRESENTATIVE_COLUMNS} FROM kyb_representatives WHERE company_id = $1 ORDER BY created_at, email`, [companyId]);
  return toRepresentativeRecords(rows);
}

/**
 * The application's parts as columns of one row, for the company whose id is `companyId` (an SQL expression): its
 * row, documents, representatives and bank details as JSON, in the orders the separate reads had. One statement
 * where there were four, on every sign-in and every `company/me` (docs/decisions/0062-merchant-api-and-sign-in-round-trips.md).
 */
const applicationParts = (companyId: string) => `
  (SELECT row_to_json(a) FROM (SELECT status, business_type, sub_type, profile, current_step, rejection_reason, rejection_final
                                 FROM kyb_applications WHERE company_id = ${companyId}) a) AS application,
  (SELECT coalesce(json_agg(d ORDER BY d.created_at), '[]') FROM (SELECT ${DOCUMENT_COLUMNS} FROM kyb_documents WHERE company_id = ${companyId}) d) AS documents,
  (SELECT coalesce(json_agg(r ORDER BY r.created_at, r.email), '[]') FROM (SELECT ${REPRESENTATIVE_COLUMNS} FROM kyb_representatives WHERE company_id = ${companyId}) r) AS representatives,
  (SELECT row_to_json(b) FROM (SELECT currency, account_number, account_name, bank_name, bank_code, bvn_last4
                                 FROM kyb_bank_details WHERE company_id = ${companyId}) b) AS bank`;
const APPLICATION_PARTS = applicationParts('$1');

type ApplicationParts = { application: ApplicationRow | null; documents: DocumentRow[]; representatives: RepresentativeRow[]; bank: BankRow | null };

/** The application as SPEC.md's login answer and `company/me` carry it, from its parts. */
async function toApplication(ctx: AppContext, db: Queryable, companyId: string, parts: ApplicationParts): Promise<Application> {
  const app = parts.application;
  const bankRow = parts.bank;
  // Only the current request for changes concerns the company; earlier rounds are the reviewers' history.
  const items = app?.status === 'CHANGES_REQUESTED' ? await openReviewItems(db, companyId) : [];
  return {
    businessType: app?.business_type ? { businessType: app.business_type, subType: app.sub_type } : null,
    businessProfile: app?.profile ?? null,
    documents: await toDocumentRecords(ctx, parts.documents),
    representatives: toRepresentativeRecords(parts.representatives),
    bankDetails: bankRow
      ? {
          currency: bankRow.currency,
          accountNumber: bankRow.account_number,
          accountName: bankRow.account_name,
          bankName: bankRow.bank_name,
          bankCode: bankRow.bank_code,
          bvn: mask(bankRow.bvn_last4),
        }
      : null,
    status: { code: app?.status ?? null },
    rejectionReason: app?.rejection_reason ?? null,
    // While changes are requested, the banner's link leads to the first step that still needs work.
    progress: { currentStep: app?.status === 'CHANGES_REQUESTED' ? firstStepToFix(items) : (app?.current_step ?? 1) },
    rejectionFinal: app?.status === 'REJECTED' && app.rejection_final,
    reviewItems: items.map(toReviewItem),
  };
}

/** The application as SPEC.md's login answer and `company/me` carry it. */
export async function loadApplication(ctx: AppContext, db: Queryable, companyId: string): Promise<Application> {
  const { rows } = await db.query<ApplicationParts>(`SELECT ${APPLICATION_PARTS}`, [companyId]);
  return toApplication(ctx, db, companyId, rows[0]!);
}

const COMPANY_COLUMNS = 'id, name, email, phone, website, country_id, address, registration_no';

/** A company's row with its application's parts. */
export type CompanyParts = CompanyRow & ApplicationParts;

/**
 * The company `companyId` (an SQL expression) names and its application's parts as one JSON value, for a statement
 * that reads them beside other work (verify-otp's proof statement); `companyFromParts` makes the answer of it.
 */
export const companyPartsJson = (companyId: string) =>
  `(SELECT row_to_json(c) FROM (SELECT ${COMPANY_COLUMNS}, ${applicationParts(companyId)} FROM companies WHERE id = ${companyId}) c)`;

/** The company as SPEC.md's login answer carries it (a second statement only while changes are requested). */
export async function companyFromParts(ctx: AppContext, row: CompanyParts): Promise<Company> {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    website: row.website,
    countryId: row.country_id,
    address: row.address,
    registrationNo: row.registration_no,
    application: await toApplication(ctx, ctx.db, row.id, row),
  };
}

/** The company and its application in one statement (a second only while changes are requested: the open review items). */
export async function getCompanyWithApplication(ctx: AppContext, companyId: string): Promise<Company> {
  const { rows } = await ctx.db.query<CompanyParts>(`SELECT ${COMPANY_COLUMNS}, ${APPLICATION_PARTS} FROM companies WHERE id = $1`, [companyId]);
  const row = rows[0];
  if (!row) throw new Error(`Company ${companyId} not found`);
  return companyFromParts(ctx, row);
}
