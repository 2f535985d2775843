/** Option lists of SPEC.md section 3. */
export const businessTypes = ['Individual', 'NGO', 'Registered Business'] as const;
export const businessSubTypes = ['SME', 'Non-SME'] as const;
export const industries = ['Money Transfer', 'Fintech', 'Ecommerce'] as const;
export const profileCurrencies = ['NGN', 'USD'] as const;
export const trusteeCategories = ['Health', 'Education'] as const;
export const smeCategories = ['Sole Proprietor', 'Limited Liability'] as const;
export const sourcesOfFund = ['Salary', 'Investment'] as const;
export const representativeRoles = [
  'Authorized Signatory',
  'Director',
  'Director and Shareholder',
  'Member',
  'Shareholder',
  'Shareholding Company',
  'Trustee',
] as const;
export const idTypes = ["International Passport", "Driver's License", "Voter's Card", 'VNIN', 'NIN'] as const;
export const bankCurrencies = ['NGN'] as const;

export type BusinessType = (typeof businessTypes)[number];
export type BusinessSubType = (typeof businessSubTypes)[number];

export const kybSteps = [
  { step: 1, title: 'Business Type', path: '/kyc' },
  { step: 2, title: 'Business Profile', path: '/kyc/business-profile' },
  { step: 3, title: 'Documents', path: '/kyc/documents' },
  { step: 4, title: 'Representative', path: '/kyc/representative' },
  { step: 5, title: 'Bank Details', path: '/kyc/bank-details' },
] as const;

/** SPEC.md: a step number 2 to 5 maps to its path; anything else maps to /kyc. */
export function stepPath(step: number | null | undefined): string {
  return kybSteps.find((s) => s.step === step && step !== 1)?.path ?? '/kyc';
}

export const documentSlots = [
  { docKey: 'certificate', label: 'Certificate of Incorporation', required: true, isCAC: true },
  { docKey: 'proofOfAddress', label: 'Proof of Address', required: true, isCAC: false },
  { docKey: 'memart', label: 'MEMART', required: true, isCAC: false },
  { docKey: 'license', label: 'Operating License', required: false, isCAC: false },
  { docKey: 'dueDiligence', label: 'Due Diligence Questionnaire', required: true, isCAC: false },
] as const;
export const docKeys = ['certificate', 'proofOfAddress', 'memart', 'license', 'dueDiligence'] as const;
export type DocKey = (typeof docKeys)[number];
export const requiredDocKeys = documentSlots.filter((s) => s.required).map((s) => s.docKey);

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const UPLOAD_URL_EXPIRY_SECONDS = 3600;
/** File types a document may have, by MIME type, with the extensions the picker accepts. */
export const documentContentTypes = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
} as const;
export type DocumentContentType = keyof typeof documentContentTypes;

/** CAC registration numbers: a type prefix then digits (LLC accepted because the screen's hint names it). */
export const cacNumberPattern = /^(RC|BN|IT|LP|LLP|LLC)\d{1,10}$/;

/** CHANGES_REQUESTED: a reviewer flagged items the company must fix before resubmitting. */
export const applicationStatuses = ['IN_PROGRESS', 'SUBMITTED', 'CHANGES_REQUESTED', 'APPROVED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** What a reviewer can ask a company to change, and the step of the onboarding where it is changed. */
export const reviewTargets = ['document', 'representative', 'bank'] as const;
export type ReviewTarget = (typeof reviewTargets)[number];
export const reviewTargetSteps: Record<ReviewTarget, number> = { document: 3, representative: 4, bank: 5 };

export const reviewReasons = ['blurry', 'wrong_document', 'expired', 'name_mismatch', 'older_than_3_months', 'other'] as const;
export type ReviewReason = (typeof reviewReasons)[number];
/** How each reason reads to the company (and in the reviewer's picker). 'other' is explained by the reviewer's note. */
export const reviewReasonLabels: Record<ReviewReason, string> = {
  blurry: 'The file is blurry or unreadable.',
  wrong_document: 'This is not the document we asked for.',
  expired: 'The document has expired.',
  name_mismatch: 'The name does not match your business name.',
  older_than_3_months: 'The document is older than 3 months.',
  other: 'See the note from our compliance team.',
};

