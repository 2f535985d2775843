import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kybMessages } from '@fipay/contracts/kyb';
import { createVerifiedUser, login } from '../../test/fixtures';
import { director, reachable, sampleFiles, smeProfile, uploadFile, uploadRequiredDocuments } from '../../test/kyb-fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { linkIn } from '../../test/smtp-sink';

let server: TestServer;
beforeAll(async () => {
  // This file creates many companies from one address; sign-up limits have their own tests.
  server = await startTestServer({ rateRules: { signupPerIp: { limit: 1000, windowSeconds: 3600 } } });
});
afterAll(() => server.close());

type Session = Awaited<ReturnType<typeof login>>;
const newSession = async () => login(server, await createVerifiedUser(server));
const ids = (s: Session) => ({ userId: s.user.id, companyId: s.user.companyId });
const me = async (s: Session) => (await server.api.get('/company/me', { token: s.accessToken })).body.data;
const post = (s: Session, url: string, body: unknown) => server.api.post(url, body, { token: s.accessToken });

/** First bank, a serial whose NUBAN check digit passes. */
const ACCOUNT = { bankCode: '011', accountNumber: '0000014579' };

async function completeSteps(s: Session) {
  expect((await post(s, '/company/business-type', { businessType: 'Registered Business', subType: 'SME', ...ids(s) })).status).toBe(200);
  expect((await post(s, '/company/business-profile', { ...smeProfile, ...ids(s) })).status).toBe(200);
  expect((await post(s, '/company/documents', await uploadRequiredDocuments(server, s.accessToken))).status).toBe(200);
  expect((await post(s, '/company/representatives', [director])).status).toBe(200);
}

async function bankPayload(s: Session) {
  const resolved = await server.api.get(`/bank/resolve-account?bankCode=${ACCOUNT.bankCode}&accountNumber=${ACCOUNT.accountNumber}`, { token: s.accessToken });
  expect(resolved.status).toBe(200);
  return {
    companyId: s.user.companyId,
    accountName: resolved.body.data.account_name as string,
    accountNumber: ACCOUNT.accountNumber,
    bankName: resolved.body.data.bank_name as string,
    bankCode: ACCOUNT.bankCode,
    bvn: '22212345678',
    currency: 'NGN',
  };
}

describe('company/me', () => {
  it('starts empty and needs a token', async () => {
    expect((await server.api.get('/company/me')).status).toBe(401);
    const s = await newSession();
    const company = await me(s);
    expect(company.id).toBe(s.user.companyId);
    expect(company.application).toMatchObject({ businessType: null, status: { code: null }, progress: { currentStep: 1 } });
  });
});

describe('step 1: business type', () => {
  it('saves the type and moves progress to step 2', async () => {
    const s = await newSession();
    const res = await post(s, '/company/business-type', { businessType: 'Registered Business', subType: 'Non-SME', ...ids(s) });
    expect(res.status).toBe(200);
    const company = await me(s);
    expect(company.application.businessType).toEqual({ businessType: 'Registered Business', subType: 'Non-SME' });
    expect(company.application.status.code).toBe('IN_PROGRESS');
    expect(company.application.progress.currentStep).toBe(2);
  });

  it('needs a sub-type for a Registered Business only', async () => {
    const s = await newSession();
    const missing = await post(s, '/company/business-type', { businessType: 'Registered Business', ...ids(s) });
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors.subType).toBe(kybMessages.subTypeRequired);
    const extra = await post(s, '/company/business-type', { businessType: 'Individual', subType: 'SME', ...ids(s) });
    expect(extra.status).toBe(400);
    expect(extra.body.data.errors.subType).toBe(kybMessages.subTypeNotAllowed);
    const unknown = await post(s, '/company/business-type', { businessType: 'Cooperative', ...ids(s) });
    expect(unknown.status).toBe(400);
  });

  it("refuses a body naming another user or company, and changes nothing", async () => {
    const a = await newSession();
    const b = await newSession();
    const res = await post(b, '/company/business-type', { businessType: 'NGO', userId: b.user.id, companyId: a.user.companyId });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(kybMessages.identityMismatch);
    expect((await me(a)).application.businessType).toBeNull();
    expect((await me(b)).application.businessType).toBeNull();
  });
});

describe('step 2: business profile', () => {
  it('needs the business type first', async () => {
    const s = await newSession();
    const res = await post(s, '/company/business-profile', { ...smeProfile, ...ids(s) });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(kybMessages.businessTypeFirst);
  });

  it('gives the SPEC messages for the shared fields', async () => {
    const s = await newSession();
    await post(s, '/company/business-type', { businessType: 'NGO', ...ids(s) });
    const res = await post(s, '/company/business-profile', { ...ids(s), description: 'short', industry: '', currency: '', country: 'Nigeria', state: '', lga: '', address: 'abc', landmark: '' });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toMatchObject({
      description: 'Description is required',
      industry: 'Industry is required',
      currency: 'Currency is required',
      state: kybMessages.state,
      lga: kybMessages.lga,
      address: kybMessages.address,
      landmark: kybMessages.landmark,
    });
  });

  it('checks the state, its LGA and the country', async () => {
    const s = await newSession();
    await post(s, '/company/business-type', { businessType: 'Registered Business', subType: 'SME', ...ids(s) });
    const wrongLga = await post(s, '/company/business-profile', { ...smeProfile, lga: 'Kano Municipal', ...ids(s) });
    expect(wrongLga.body.data.errors.lga).toBe(kybMessages.lgaUnknown);
    const wrongState = await post(s, '/company/business-profile', { ...smeProfile, state: 'Atlantis', ...ids(s) });
    expect(wrongState.body.data.errors.state).toBe(kybMessages.stateUnknown);
    const abroad = await post(s, '/company/business-profile', { ...smeProfile, country: 'Ghana', ...ids(s) });
    expect(abroad.body.data.errors.country).toBe(kybMessages.countryNigeria);
    const fct = Object.keys((await import('@fipay/contracts/nigeria')).nigerianStates).find((name) => /capital|fct/i.test(name))!;
    const fctLga = (await import('@fipay/contracts/nigeria')).nigerianStates[fct]![0]!;
    expect((await post(s, '/company/business-profile', { ...smeProfile, state: fct, lga: fctLga, ...ids(s) })).status).toBe(200);
  });

  it.each([
    ['Individual', null, { dateOfBirth: 'Date of Birth is required' }],
    ['NGO', null, { incorporatedTrusteeCategory: 'Category is required' }],
    ['Registered Business', 'SME', { smeCategory: 'SME Category is required', sourceOfFund: 'Source of fund is required', monthlyIncome: 'Monthly income is required' }],
    ['Registered Business', 'Non-SME', { sourceOfFund: 'Source of fund is required', monthlyIncome: 'Monthly income is required' }],
  ])('asks a %s %s for its own fields', async (businessType, subType, expected) => {
    const s = await newSession();
    await post(s, '/company/business-type', { businessType, subType, ...ids(s) });
    const bare = { ...smeProfile, dateOfBirth: 0, incorporatedTrusteeCategory: '', smeCategory: '', sourceOfFund: '', monthlyIncome: 0 };
    const res = await post(s, '/company/business-profile', { ...bare, ...ids(s) });
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual(expected);
  });

  it('saves a valid profile, keeps only the fields of the type, and moves to step 3', async () => {
    const s = await newSession();
    await post(s, '/company/business-type', { businessType: 'Individual', ...ids(s) });
    const dateOfBirth = Date.UTC(1988, 4, 17);
    const res = await post(s, '/company/business-profile', { ...smeProfile, dateOfBirth, ...ids(s) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Business profile submitted!');
    const { application } = await me(s);
    expect(application.businessProfile).toMatchObject({ state: 'Lagos', lga: 'Ikeja', dateOfBirth, smeCategory: '', monthlyIncome: 0 });
    expect(application.progress.currentStep).toBe(3);
  });
});

describe('step 3: documents', () => {
  it('stores the four required documents, checked where they are stored', async () => {
    const s = await newSession();
    await post(s, '/company/business-type', { businessType: 'Registered Business', subType: 'SME', ...ids(s) });
    const docs = await uploadRequiredDocuments(server, s.accessToken);
    const res = await post(s, '/company/documents', docs);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Documents submitted!');
    const saved = res.body.data as { docKey: string; contentType: string; objectKey: string; viewUrl: string; cacRegNumber: string | null }[];
    expect(saved.map((d) => d.docKey).sort()).toEqual(['certificate', 'dueDiligence', 'memart', 'proofOfAddress']);
    expect(saved.find((d) => d.docKey === 'memart')!.contentType).toBe('image/jpeg');
    expect(saved.find((d) => d.docKey === 'certificate')!.cacRegNumber).toBe('RC1234567');
    for (const doc of saved) expect(doc.objectKey.startsWith(`companies/${s.user.companyId}/`)).toBe(true);

    const view = await fetch(reachable(server, saved.find((d) => d.docKey === 'certificate')!.viewUrl));
    expect(view.status).toBe(200);
    expect(Buffer.from(await view.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await me(s)).application.progress.currentStep).toBe(4);
  });

  it('refuses an incomplete set and changes nothing', async () => {
    const s = await newSession();
    const [certificate] = await uploadRequiredDocuments(server, s.accessToken);
    const res = await post(s, '/company/documents', [certificate]);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.errors).sort()).toEqual(['dueDiligence', 'memart', 'proofOfAddress']);
    expect((await me(s)).application.documents).toEqual([]);
  });

  it('needs a CAC number with its prefix on the certificate', async () => {
    const s = await newSession();
    const docs = await uploadRequiredDocuments(server, s.accessToken);
    for (const [cacRegNumber, message] of [[undefined, kybMessages.cacNumberRequired], ['1234567', kybMessages.cacNumberInvalid], ['XY123', kybMessages.cacNumberInvalid]] as const) {
      const res = await post(s, '/company/documents', [{ ...docs[0], cacRegNumber }, ...docs.slice(1)]);
      expect(res.status).toBe(400);
      expect(res.body.data.errors['certificate.cacRegNumber']).toBe(message);
    }
    for (const cacRegNumber of ['BN123456', 'it99', 'LLP4455', 'LLC1010']) {
      expect((await post(s, '/company/documents', [{ ...docs[0], cacRegNumber }, ...docs.slice(1)])).status).toBe(200);
    }
  });

  it('names the document whose file is not what it claims to be', async () => {
    const s = await newSession();
    const docs = await uploadRequiredDocuments(server, s.accessToken);
    const fake = await uploadFile(server, s.accessToken, 'invoice.pdf', sampleFiles.exe);
    const res = await post(s, '/company/documents', [docs[0], { ...fake, docKey: 'proofOfAddress', isCAC: false }, docs[2], docs[3]]);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^Proof of Address/);
  });

  it('refuses a file link that is not the checked file', async () => {
    const s = await newSession();
    const docs = await uploadRequiredDocuments(server, s.accessToken);
    const res = await post(s, '/company/documents', [{ ...docs[0], fileUrl: 'https://evil.example/cac.pdf' }, ...docs.slice(1)]);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Certificate of Incorporation: the file link does not match the uploaded file.');
  });

  it("refuses another company's uploaded file", async () => {
    const a = await newSession();
    const b = await newSession();
    const aDocs = await uploadRequiredDocuments(server, a.accessToken);
    const bDocs = await uploadRequiredDocuments(server, b.accessToken);
    const res = await post(b, '/company/documents', [aDocs[0], ...bDocs.slice(1)]);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^Certificate of Incorporation/);
    expect((await me(b)).application.documents).toEqual([]);
  });

  it('replaces the document of the same slot', async () => {
    const s = await newSession();
    const docs = await uploadRequiredDocuments(server, s.accessToken);
    await post(s, '/company/documents', docs);
    const newer = await uploadFile(server, s.accessToken, 'newer-bill.pdf', sampleFiles.pdf);
    const res = await post(s, '/company/documents', [{ ...newer, docKey: 'proofOfAddress', isCAC: false }]);
    expect(res.status).toBe(200);
    const proofs = (res.body.data as { docKey: string; name: string }[]).filter((d) => d.docKey === 'proofOfAddress');
    expect(proofs).toHaveLength(1);
    expect(proofs[0]!.name).toBe('newer-bill.pdf');
  });
});

describe('step 4: representatives and their consent', () => {
  it('gives the six SPEC messages', async () => {
    const s = await newSession();
    const res = await post(s, '/company/representatives', [{ position: '', fullName: '', email: '', phone: '', idType: '', idNumber: '' }]);
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual({
      '0.position': 'Role is required',
      '0.fullName': 'Name is required',
      '0.email': 'Email is required',
      '0.phone': 'Phone Number is required',
      '0.idType': 'ID type is required',
      '0.idNumber': 'ID number is required',
    });
  });

  it('saves, masks and encrypts the ID number, emails a consent link that works once', async () => {
    const s = await newSession();
    const res = await post(s, '/company/representatives', [director]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Representatives submitted!');
    const [rep] = res.body.data;
    expect(rep).toMatchObject({ email: director.email, idNumber: '*******8901', isRepApproved: false, approvedBy: null });
    const stored = await server.db.query<{ id_number_encrypted: string }>('SELECT id_number_encrypted FROM kyb_representatives WHERE id = $1', [rep.id]);
    expect(stored.rows[0]!.id_number_encrypted).not.toContain(director.idNumber);

    const link = linkIn(await server.mail.waitFor(director.email));
    expect(link.pathname).toBe('/approve-rep');
    expect(link.searchParams.get('companyId')).toBe(s.user.companyId);
    expect(link.searchParams.get('repId')).toBe(rep.id);
    const approval = { companyId: s.user.companyId, repId: rep.id, token: link.searchParams.get('token'), fullName: 'Ngozi Adaeze Eze' };

    const noName = await server.api.request('PUT', '/api/v1/company/approve-representative', { body: { ...approval, fullName: ' ' } });
    expect(noName.status).toBe(400);
    expect(noName.body.data.errors.fullName).toBe('Full name is required');

    const ok = await server.api.request('PUT', '/api/v1/company/approve-representative', { body: approval });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Thank you! You have successfully approved your representative role.');
    const after = (await me(s)).application.representatives[0];
    expect(after).toMatchObject({ isRepApproved: true, approvedBy: 'Ngozi Adaeze Eze' });
    expect(after.approvedAt).toBeTruthy();
    const notes = await server.db.query<{ title: string }>('SELECT title FROM notifications WHERE user_id = $1', [s.user.id]);
    expect(notes.rows.map((n) => n.title)).toContain('Representative approved');
    // The consent is evidence for the reviewers, so it is in the audit trail with who and when.
    const audit = await server.db.query<{ actor_type: string; actor_name: string; after: Record<string, unknown> }>(
      "SELECT actor_type, actor_name, after FROM audit_log WHERE company_id = $1 AND action = 'representative.consented'",
      [s.user.companyId],
    );
    expect(audit.rows).toEqual([
      {
        actor_type: 'system',
        actor_name: `${director.email} (representative, through the consent link)`,
        after: { id: rep.id, approved: true, consentName: 'Ngozi Adaeze Eze', approvedAt: after.approvedAt },
      },
    ]);

    const again = await server.api.request('PUT', '/api/v1/company/approve-representative', { body: approval });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Invalid approval link.');
  });

  it('refuses an expired, mismatched or made-up link', async () => {
    const s = await newSession();
    const other = await newSession();
    const rep = (await post(s, '/company/representatives', [{ ...director, email: 'expiring@okafor.ng' }])).body.data[0];
    const token = linkIn(await server.mail.waitFor('expiring@okafor.ng')).searchParams.get('token');
    const base = { companyId: s.user.companyId, repId: rep.id, token, fullName: 'Ngozi Eze' };
    for (const body of [
      { ...base, companyId: other.user.companyId },
      { ...base, repId: '00000000-0000-4000-8000-000000000000' },
      { ...base, token: 'made-up' },
      { ...base, companyId: 'not-a-uuid' },
    ]) {
      const res = await server.api.request('PUT', '/api/v1/company/approve-representative', { body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid approval link.');
    }
    await server.db.query("UPDATE kyb_representatives SET approval_expires_at = now() - interval '1 second' WHERE id = $1", [rep.id]);
    expect((await server.api.request('PUT', '/api/v1/company/approve-representative', { body: base })).status).toBe(400);
  });

  it('upserts by email, and a changed identity asks for consent again', async () => {
    const s = await newSession();
    await post(s, '/company/representatives', [{ ...director, email: 'upsert@okafor.ng' }]);
    await server.mail.waitFor('upsert@okafor.ng');
    const samePerson = await post(s, '/company/representatives', [{ ...director, email: 'UPSERT@okafor.ng', position: 'Director and Shareholder' }]);
    expect(samePerson.body.data).toHaveLength(1);
    expect(samePerson.body.data[0].position).toBe('Director and Shareholder');
    await post(s, '/company/representatives', [{ ...director, email: 'upsert@okafor.ng', idNumber: '99999999999' }]);
    const relink = await server.mail.waitFor('upsert@okafor.ng');
    expect(linkIn(relink).searchParams.get('token')).toBeTruthy();
  });

  it('limits how often a company can save representatives (each save can send email)', async () => {
    const limited = await startTestServer({ rateRules: { representativesPerCompany: { limit: 2, windowSeconds: 3600 } } });
    try {
      const s = await login(limited, await createVerifiedUser(limited));
      for (let i = 0; i < 2; i++) {
        expect((await limited.api.post('/company/representatives', [{ ...director, email: `r${i}@okafor.ng` }], { token: s.accessToken })).status).toBe(200);
      }
      const res = await limited.api.post('/company/representatives', [{ ...director, email: 'r3@okafor.ng' }], { token: s.accessToken });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });

  it("removes one's own representative, and not another company's", async () => {
    const a = await newSession();
    const b = await newSession();
    await post(a, '/company/representatives', [{ ...director, email: 'keep@okafor.ng' }]);
    const foreign = await server.api.request('DELETE', `/api/v1/company/remove-representative/${encodeURIComponent('keep@okafor.ng')}`, { token: b.accessToken });
    expect(foreign.status).toBe(404);
    expect((await me(a)).application.representatives).toHaveLength(1);
    const own = await server.api.request('DELETE', `/api/v1/company/remove-representative/${encodeURIComponent('keep@okafor.ng')}`, { token: a.accessToken });
    expect(own.status).toBe(200);
    expect(own.body.message).toBe('Representative removed.');
    expect((await me(a)).application.representatives).toHaveLength(0);
  });
});

describe('step 5: submission', () => {
  it('lists the steps still to do', async () => {
    const s = await newSession();
    const res = await post(s, '/company/submit-kyb', await bankPayload(s));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.errors).sort()).toEqual(['businessProfile', 'businessType', 'documents', 'representatives']);
    expect(res.body.message).toMatch(/Still to do: business type, business profile, documents, representatives\./);
  });

  it('checks the bank, the account number, the BVN and the resolved name', async () => {
    const s = await newSession();
    await completeSteps(s);
    const payload = await bankPayload(s);
    const wrongName = await post(s, '/company/submit-kyb', { ...payload, accountName: 'SOMEONE ELSE LTD' });
    expect(wrongName.status).toBe(422);
    expect(wrongName.body.data.errors.accountName).toBe(kybMessages.accountNameMismatch);
    const unknownBank = await post(s, '/company/submit-kyb', { ...payload, bankCode: '999' });
    expect(unknownBank.status).toBe(422);
    expect(unknownBank.body.message).toBe('Invalid Bank');
    const short = await post(s, '/company/submit-kyb', { ...payload, accountNumber: '123', bvn: '1', currency: 'USD' });
    expect(short.status).toBe(400);
    expect(short.body.data.errors).toMatchObject({ accountNumber: 'Account number must be 10 digits', bvn: 'BVN must be 11 digits', currency: kybMessages.currencyNgnOnly });
    expect((await me(s)).application.status.code).toBe('IN_PROGRESS');
  });

  it('submits once: SUBMITTED, bank stored with the BVN masked, notification and email; then locked', async () => {
    const s = await newSession();
    await completeSteps(s);
    const payload = await bankPayload(s);
    const results = await Promise.all([post(s, '/company/submit-kyb', payload), post(s, '/company/submit-kyb', payload)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 200)!.body.message).toBe('KYB submitted for verification successful!');

    const { application } = await me(s);
    expect(application.status.code).toBe('SUBMITTED');
    expect(application.bankDetails).toMatchObject({ accountNumber: ACCOUNT.accountNumber, bankCode: '011', bvn: '*******5678', currency: 'NGN' });
    const stored = await server.db.query<{ bvn_encrypted: string }>('SELECT bvn_encrypted FROM kyb_bank_details WHERE company_id = $1', [s.user.companyId]);
    expect(stored.rows[0]!.bvn_encrypted).not.toContain('22212345678');
    const notes = await server.db.query<{ title: string }>('SELECT title FROM notifications WHERE user_id = $1', [s.user.id]);
    expect(notes.rows.map((n) => n.title)).toContain('Business verification submitted');
    const mail = await server.mail.waitFor(s.user.email);
    expect(mail.subject).toBe('Your business verification was submitted');

    for (const [url, body] of [
      ['/company/business-type', { businessType: 'NGO', ...ids(s) }],
      ['/company/business-profile', { ...smeProfile, ...ids(s) }],
      ['/company/representatives', [director]],
      ['/company/submit-kyb', payload],
    ] as const) {
      const res = await post(s, url, body);
      expect(res.status, url).toBe(409);
      expect(res.body.message).toBe(kybMessages.applicationLocked);
    }
    const relogin = await server.api.post('/auth/login/verify-otp', { email: s.user.email, password: 'Kola-nut 2026!', otp: '' });
    expect(relogin.body.data.company.application.status.code).toBe('SUBMITTED');
  });

  it("another company sees none of it", async () => {
    const a = await newSession();
    await completeSteps(a);
    const b = await newSession();
    const bView = await me(b);
    expect(bView.id).toBe(b.user.companyId);
    expect(bView.application.documents).toEqual([]);
    expect(bView.application.representatives).toEqual([]);
    const res = await post(b, '/company/submit-kyb', { ...(await bankPayload(b)), companyId: a.user.companyId });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(kybMessages.identityMismatch);
  });
});
