import type { TestServer } from './server';

/** Bytes that really are files of each permitted type (what the server sniffs). */
export const sampleFiles = {
  pdf: { contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n') },
  png: { contentType: 'image/png', bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]) },
  jpeg: { contentType: 'image/jpeg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]) },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    bytes: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 3)]),
  },
  exe: { contentType: 'application/pdf', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]) },
} as const;

/** Links carry the public APP_URL (http://app.test in tests); send them to the test server. */
export function reachable(server: TestServer, link: string | URL): string {
  const url = new URL(link);
  return url.hostname === 'app.test' ? `${server.baseUrl}${url.pathname}${url.search}` : url.toString();
}

/** Uploads a file the way the web app does: ask for a presigned URL, PUT the bytes to it. */
export async function uploadFile(server: TestServer, token: string, fileName: string, file: { contentType: string; bytes: Buffer }) {
  const res = await server.api.post('/aws/upload-url', { objectKey: `documents/kyc/${Date.now()}-${fileName}`, expirySeconds: 3600, contentType: file.contentType }, { token });
  if (res.status !== 200) throw new Error(`upload-url failed: ${JSON.stringify(res.body)}`);
  const url = new URL(res.body.data as string);
  const put = await fetch(reachable(server, url), { method: 'PUT', headers: { 'content-type': file.contentType, 'if-none-match': '*' }, body: file.bytes });
  if (!put.ok) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
  return { name: fileName, fileUrl: `${url.origin}${url.pathname}`, objectKey: url.pathname };
}

export async function uploadRequiredDocuments(server: TestServer, token: string) {
  return [
    { ...(await uploadFile(server, token, 'cac-certificate.pdf', sampleFiles.pdf)), docKey: 'certificate', isCAC: true, cacRegNumber: 'RC1234567' },
    { ...(await uploadFile(server, token, 'electricity-bill.png', sampleFiles.png)), docKey: 'proofOfAddress', isCAC: false },
    { ...(await uploadFile(server, token, 'memart.jpg', sampleFiles.jpeg)), docKey: 'memart', isCAC: false },
    { ...(await uploadFile(server, token, 'due-diligence.docx', sampleFiles.docx)), docKey: 'dueDiligence', isCAC: false },
  ];
}

export const smeProfile = {
  description: 'Cold-chain logistics for food distributors in Lagos and Ogun.',
  industry: 'Ecommerce',
  currency: 'NGN',
  website: 'https://okafor.ng',
  country: 'Nigeria',
  state: 'Lagos',
  lga: 'Ikeja',
  address: '12 Adeola Odeku Street, Victoria Island',
  landmark: 'Opposite Eko Hotel',
  dateOfBirth: 0,
  incorporatedTrusteeCategory: '',
  smeCategory: 'Limited Liability',
  sourceOfFund: 'Investment',
  monthlyIncome: 2_500_000,
};

export const director = {
  position: 'Director',
  fullName: 'Ngozi Eze',
  email: 'ngozi.eze@okafor.ng',
  phone: '08034567890',
  idType: 'NIN',
  idNumber: '12345678901',
};

/** A bank account the sandbox directory resolves (First Bank, a serial whose NUBAN check digit passes). */
export const SANDBOX_ACCOUNT = { bankCode: '011', accountNumber: '0000014579' };
export const SANDBOX_BVN = '22212345678';

type CompanySession = { accessToken: string; user: { id: string; companyId: string } };

/** Steps 1 to 4 as the web app sends them: a Registered SME with the four required documents and one director. */
export async function completeKybSteps(server: TestServer, session: CompanySession, options: { cacRegNumber?: string; representatives?: (typeof director)[] } = {}) {
  const token = session.accessToken;
  const ids = { userId: session.user.id, companyId: session.user.companyId };
  const documents = (await uploadRequiredDocuments(server, token)).map((doc) =>
    doc.docKey === 'certificate' && options.cacRegNumber ? { ...doc, cacRegNumber: options.cacRegNumber } : doc,
  );
  const steps: [string, unknown][] = [
    ['/company/business-type', { businessType: 'Registered Business', subType: 'SME', ...ids }],
    ['/company/business-profile', { ...smeProfile, ...ids }],
    ['/company/documents', documents],
    ['/company/representatives', options.representatives ?? [director]],
  ];
  for (const [url, body] of steps) {
    const res = await server.api.post(url, body, { token });
    if (res.status !== 200) throw new Error(`${url} failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** The bank step's payload, with the account name the directory resolves (as the web app fills it in). */
export async function bankPayloadFor(server: TestServer, session: CompanySession, account = SANDBOX_ACCOUNT, bvn = SANDBOX_BVN) {
  const resolved = await server.api.get(`/bank/resolve-account?bankCode=${account.bankCode}&accountNumber=${account.accountNumber}`, { token: session.accessToken });
  if (resolved.status !== 200) throw new Error(`resolve failed: ${JSON.stringify(resolved.body)}`);
  return {
    companyId: session.user.companyId,
    accountName: resolved.body.data.account_name as string,
    accountNumber: account.accountNumber,
    bankName: resolved.body.data.bank_name as string,
    bankCode: account.bankCode,
    bvn,
    currency: 'NGN',
  };
}

export async function submitKyb(server: TestServer, session: CompanySession) {
  const res = await server.api.post('/company/submit-kyb', await bankPayloadFor(server, session), { token: session.accessToken });
  if (res.status !== 200) throw new Error(`submit-kyb failed: ${res.status} ${JSON.stringify(res.body)}`);
}
