import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeMessages } from '@fipay/contracts/back-office';
import { kybMessages } from '@fipay/contracts/kyb';
import { sandboxAccountNumber } from '../../banks/nuban';
import {
  companyMe,
  createReviewerAccount,
  mailWithSubject,
  submittedCompany,
  type ReviewerAccount,
  type SubmittedCompany,
} from '../../test/back-office-fixtures';
import { bankPayloadFor, director, sampleFiles, smeProfile, uploadFile } from '../../test/kyb-fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { linkIn } from '../../test/smtp-sink';

let server: TestServer;
let reviewer: ReviewerAccount;

beforeAll(async () => {
  server = await startTestServer({ rateRules: { signupPerIp: { limit: 1000, windowSeconds: 3600 } } });
  reviewer = await createReviewerAccount(server, { name: 'Rita Reviewer' });
});
afterAll(() => server.close());

const decide = (company: SubmittedCompany, action: string, body?: unknown) =>
  server.api.post(`/admin/applications/${company.user.companyId}/${action}`, body, { token: reviewer.token });

/** A submitted company whose case the reviewer has claimed. */
async function claimedCompany(overrides: Parameters<typeof submittedCompany>[1] = {}) {
  const company = await submittedCompany(server, overrides);
  const claim = await server.api.post(`/admin/applications/${company.user.companyId}/claim`, undefined, { token: reviewer.token });
  expect(claim.status).toBe(200);
  return company;
}

const post = (company: SubmittedCompany, url: string, body: unknown) => server.api.post(url, body, { token: company.accessToken });
const ids = (company: SubmittedCompany) => ({ userId: company.user.id, companyId: company.user.companyId });
const latestNotification = async (company: SubmittedCompany) =>
  (await server.api.get('/notification/user/latest', { token: company.accessToken })).body.data.notifications[0];
const auditActions = async (company: SubmittedCompany) =>
  (await server.db.query<{ action: string }>('SELECT action FROM audit_log WHERE company_id = $1 ORDER BY id', [company.user.companyId])).rows.map((r) => r.action);

/** What the documents step sends: every slot, the saved file unless a new one is given. */
async function documentsPayload(company: SubmittedCompany, replacements: Record<string, { name: string; fileUrl: string; objectKey: string }> = {}) {
  const saved = (await companyMe(server, company)).application.documents as { docKey: string; name: string; fileUrl: string; objectKey: string; cacRegNumber: string | null }[];
  return saved.map((doc) => ({
    name: doc.name,
    fileUrl: doc.fileUrl,
    objectKey: doc.objectKey,
    ...replacements[doc.docKey],
    docKey: doc.docKey,
    isCAC: doc.docKey === 'certificate',
    ...(doc.docKey === 'certificate' ? { cacRegNumber: doc.cacRegNumber } : {}),
  }));
}

describe('approve', () => {
  it('approves: the company sees APPROVED, gets a notification and an email, and can change nothing', async () => {
    const company = await claimedCompany();
    const res = await decide(company, 'approve');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ companyId: company.user.companyId, status: 'APPROVED', decidedAt: expect.any(String) });

    const application = (await companyMe(server, company)).application;
    expect(application).toMatchObject({ status: { code: 'APPROVED' }, rejectionReason: null, rejectionFinal: false, reviewItems: [] });
    expect(await latestNotification(company)).toMatchObject({ title: 'Business verification approved', message: 'Your account has been approved! You can now enjoy full access.', readAt: null });
    const mail = await mailWithSubject(server, company.email, 'Your business verification was approved');
    expect(mail.text).toContain('You can now enjoy full access.');

    expect((await decide(company, 'approve')).status).toBe(409);
    const change = await post(company, '/company/business-type', { businessType: 'NGO', ...ids(company) });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe(kybMessages.applicationLocked);
    expect(await auditActions(company)).toEqual(['application.started', 'application.submitted', 'application.claimed', 'application.approved']);
    const { rows } = await server.db.query('SELECT actor_id, before, after FROM audit_log WHERE company_id = $1 AND action = $2', [company.user.companyId, 'application.approved']);
    expect(rows).toEqual([{ actor_id: reviewer.id, before: { status: 'SUBMITTED' }, after: { status: 'APPROVED' } }]);
  });
});

describe('reject', () => {
  it('needs a reason and a choice between final and retry', async () => {
    const company = await claimedCompany();
    const noReason = await decide(company, 'reject', { reason: '  ', final: true });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.errors.reason).toBe(backOfficeMessages.reasonRequired);
    const noChoice = await decide(company, 'reject', { reason: 'Unreadable.' });
    expect(noChoice.status).toBe(400);
    expect(noChoice.body.data.errors.final).toBe(backOfficeMessages.finalRequired);
    expect((await companyMe(server, company)).application.status.code).toBe('SUBMITTED');
  });

  it('a final rejection shows the reason and closes the application', async () => {
    const company = await claimedCompany();
    const reason = 'The business appears on a sanctions list.';
    expect((await decide(company, 'reject', { reason, final: true })).status).toBe(200);
    const application = (await companyMe(server, company)).application;
    expect(application).toMatchObject({ status: { code: 'REJECTED' }, rejectionReason: reason, rejectionFinal: true });
    expect(await latestNotification(company)).toMatchObject({ title: 'Business verification rejected', message: `Your KYC was rejected. Reason: ${reason}` });
    const mail = await mailWithSubject(server, company.email, 'Your business verification was not approved');
    expect(mail.text).toContain(`Reason: ${reason}`);
    expect(mail.text).toContain('This decision is final');

    const refusals = await Promise.all([
      post(company, '/company/business-type', { businessType: 'Registered Business', subType: 'SME', ...ids(company) }),
      post(company, '/company/business-profile', { ...smeProfile, ...ids(company) }),
      post(company, '/company/representatives', [director]),
      post(company, '/company/submit-kyb', await bankPayloadFor(server, company)),
    ]);
    for (const res of refusals) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(kybMessages.applicationRejectedFinal);
    }
    expect((await server.api.post(`/admin/applications/${company.user.companyId}/claim`, undefined, { token: reviewer.token })).status).toBe(409);
    expect((await companyMe(server, company)).application.status.code).toBe('REJECTED');
  });

  it('after a retry rejection the company starts again from step 1 and resubmits', async () => {
    const company = await claimedCompany();
    const reason = 'The MEMART is unreadable.';
    expect((await decide(company, 'reject', { reason, final: false })).status).toBe(200);
    const rejected = (await companyMe(server, company)).application;
    expect(rejected).toMatchObject({ status: { code: 'REJECTED' }, rejectionReason: reason, rejectionFinal: false, progress: { currentStep: 1 } });
    expect((await latestNotification(company)).message).toContain('You can update your details and submit again.');
    expect((await mailWithSubject(server, company.email, 'Your business verification was not approved')).text).toContain('Start KYC Again');

    expect((await post(company, '/company/business-type', { businessType: 'Registered Business', subType: 'Non-SME', ...ids(company) })).status).toBe(200);
    expect((await post(company, '/company/business-profile', { ...smeProfile, smeCategory: '', ...ids(company) })).status).toBe(200);
    const memart = await uploadFile(server, company.accessToken, 'memart-clear.pdf', sampleFiles.pdf);
    expect((await post(company, '/company/documents', await documentsPayload(company, { memart }))).status).toBe(200);
    expect((await companyMe(server, company)).application.progress.currentStep).toBe(4);
    expect((await post(company, '/company/submit-kyb', await bankPayloadFor(server, company))).status).toBe(200);

    const resubmitted = (await companyMe(server, company)).application;
    expect(resubmitted).toMatchObject({ status: { code: 'SUBMITTED' }, rejectionReason: null, rejectionFinal: false, businessType: { subType: 'Non-SME' } });
    const queue = await server.api.get(`/admin/applications?q=${encodeURIComponent(company.email)}`, { token: reviewer.token });
    expect(queue.body.data.applications).toMatchObject([{ companyId: company.user.companyId, status: 'SUBMITTED', assignee: { id: reviewer.id } }]);
    const { rows } = await server.db.query('SELECT before, after FROM audit_log WHERE company_id = $1 AND action = $2', [company.user.companyId, 'application.resubmitted']);
    expect(rows).toEqual([{ before: { status: 'REJECTED' }, after: { status: 'SUBMITTED' } }]);
  });
});

describe('request changes', () => {
  it('checks each item against the application', async () => {
    const company = await claimedCompany();
    const bad = async (items: unknown) => decide(company, 'request-changes', { items });
    const otherWithoutNote = await bad([{ target: 'document', key: 'memart', reason: 'other' }]);
    expect(otherWithoutNote.status).toBe(400);
    expect(otherWithoutNote.body.data.errors['items.0.note']).toBe(backOfficeMessages.itemNoteRequired);
    expect((await bad([])).status).toBe(400);
    expect((await bad([{ target: 'document', key: 'passport', reason: 'blurry' }])).status).toBe(400);
    expect((await bad([{ target: 'bank', key: 'account', reason: 'blurry' }])).status).toBe(400);
    expect((await bad([{ target: 'document', key: 'memart', reason: 'stale' }])).status).toBe(400);
    const missingLicense = await bad([{ target: 'document', key: 'license', reason: 'expired' }]);
    expect(missingLicense.status).toBe(422);
    expect(missingLicense.body.data.errors['items.0.key']).toBe(backOfficeMessages.itemUnknownDocument);
    const stranger = await bad([{ target: 'representative', key: 'someone@else.ng', reason: 'name_mismatch' }]);
    expect(stranger.body.data.errors['items.0.key']).toBe(backOfficeMessages.itemUnknownRepresentative);
    const twice = await bad([
      { target: 'document', key: 'memart', reason: 'blurry' },
      { target: 'document', key: 'memart', reason: 'expired' },
    ]);
    expect(twice.body.data.errors['items.1.key']).toBe(backOfficeMessages.itemDuplicate);
    expect((await companyMe(server, company)).application.status.code).toBe('SUBMITTED');
  });

  it('round trip: the company replaces only the flagged document, fixes the flagged representative, resubmits; history is kept', async () => {
    const company = await claimedCompany();
    const before = (await companyMe(server, company)).application;
    const keyOf = (docs: { docKey: string; objectKey: string }[], docKey: string) => docs.find((d) => d.docKey === docKey)!.objectKey;

    const request = await decide(company, 'request-changes', {
      items: [
        { target: 'document', key: 'proofOfAddress', reason: 'older_than_3_months' },
        { target: 'representative', key: director.email.toUpperCase(), reason: 'name_mismatch', note: 'Use the name on the NIN slip.' },
      ],
    });
    expect(request.status).toBe(200);
    expect(request.body.data.status).toBe('CHANGES_REQUESTED');

    // The banner's data: status, what to fix and why, and the first step with work.
    const asked = (await companyMe(server, company)).application;
    expect(asked.status.code).toBe('CHANGES_REQUESTED');
    expect(asked.progress.currentStep).toBe(3);
    expect(asked.rejectionReason).toBeNull();
    expect(asked.reviewItems).toEqual([
      expect.objectContaining({ target: 'document', key: 'proofOfAddress', label: 'Proof of Address', reason: 'older_than_3_months', reasonLabel: 'The document is older than 3 months.', note: null, step: 3, addressed: false, message: 'Proof of Address: The document is older than 3 months.' }),
      expect.objectContaining({ target: 'representative', key: before.representatives[0].id, label: 'Ngozi Eze (Director)', step: 4, addressed: false, message: 'Ngozi Eze (Director): The name does not match your business name. Use the name on the NIN slip.' }),
    ]);
    const notice = await latestNotification(company);
    expect(notice.title).toBe('Changes needed on your business verification');
    expect(notice.message).toContain('Proof of Address: The document is older than 3 months.');
    const mail = await mailWithSubject(server, company.email, 'Action needed: update your business verification');
    expect(mail.text).toContain('• Proof of Address: The document is older than 3 months.');
    expect(`${linkIn(mail).origin}${linkIn(mail).pathname}`).toBe('http://app.test/kyc/documents');

    // Steps 1 and 2 may be walked through, not changed.
    expect((await post(company, '/company/business-type', { businessType: 'Registered Business', subType: 'SME', ...ids(company) })).status).toBe(200);
    expect((await post(company, '/company/business-profile', { ...smeProfile, ...ids(company) })).status).toBe(200);
    const typeChange = await post(company, '/company/business-type', { businessType: 'NGO', ...ids(company) });
    expect(typeChange.status).toBe(409);
    expect(typeChange.body.message).toBe(kybMessages.onlyFlaggedItems);
    expect((await post(company, '/company/business-profile', { ...smeProfile, landmark: 'Behind the market', ...ids(company) })).status).toBe(409);

    // Too early: nothing fixed yet.
    const early = await post(company, '/company/submit-kyb', await bankPayloadFor(server, company));
    expect(early.status).toBe(422);
    expect(early.body.data.errors).toEqual({
      documents: 'Proof of Address: The document is older than 3 months.',
      representatives: 'Ngozi Eze (Director): The name does not match your business name. Use the name on the NIN slip.',
    });

    // An unflagged document cannot be replaced, and nothing is written when one is tried.
    const newBill = await uploadFile(server, company.accessToken, 'bill-october.pdf', sampleFiles.pdf);
    const newMemart = await uploadFile(server, company.accessToken, 'memart-v2.pdf', sampleFiles.pdf);
    const sneaky = await post(company, '/company/documents', await documentsPayload(company, { proofOfAddress: newBill, memart: newMemart }));
    expect(sneaky.status).toBe(409);
    expect(sneaky.body.data.errors).toEqual({ memart: kybMessages.documentNotFlagged('MEMART') });
    const cacChange = await post(company, '/company/documents', (await documentsPayload(company, { proofOfAddress: newBill })).map((d) => (d.docKey === 'certificate' ? { ...d, cacRegNumber: 'RC7654321' } : d)));
    expect(cacChange.status).toBe(409);
    expect(cacChange.body.data.errors.certificate).toBe(kybMessages.documentNotFlagged('Certificate of Incorporation'));
    const unchanged = await post(company, '/company/documents', await documentsPayload(company));
    expect(unchanged.status).toBe(422);
    expect(unchanged.body.data.errors).toEqual({ proofOfAddress: kybMessages.documentNeedsNewFile('Proof of Address') });
    expect((await companyMe(server, company)).application.documents).toEqual(expect.arrayContaining(before.documents.map((d: { id: string; objectKey: string }) => expect.objectContaining({ id: d.id, objectKey: d.objectKey }))));

    // The web app sends every slot: the saved ones as they were, the flagged one new.
    const replaced = await post(company, '/company/documents', await documentsPayload(company, { proofOfAddress: newBill }));
    expect(replaced.status).toBe(200);
    const afterDocs = (await companyMe(server, company)).application;
    for (const docKey of ['certificate', 'memart', 'dueDiligence']) expect(keyOf(afterDocs.documents, docKey)).toBe(keyOf(before.documents, docKey));
    expect(keyOf(afterDocs.documents, 'proofOfAddress')).not.toBe(keyOf(before.documents, 'proofOfAddress'));
    expect(afterDocs.documents.find((d: { docKey: string }) => d.docKey === 'proofOfAddress').name).toBe('bill-october.pdf');
    expect(afterDocs.reviewItems.map((i: { addressed: boolean }) => i.addressed)).toEqual([true, false]);
    expect(afterDocs.progress.currentStep).toBe(4);
    // Sending the same again is still fine (the flagged slot already has its new file).
    expect((await post(company, '/company/documents', await documentsPayload(company))).status).toBe(200);

    // Representatives: the unflagged cannot be touched, the flagged one is corrected.
    const extra = { ...director, email: 'bola.ade@okafor.ng', fullName: 'Bola Ade' };
    expect((await post(company, '/company/representatives', [{ ...director, fullName: 'Ngozi Adaeze Eze' }, extra])).status).toBe(200);
    const fixed = (await companyMe(server, company)).application;
    expect(fixed.representatives.map((r: { fullName: string }) => r.fullName).sort()).toEqual(['Bola Ade', 'Ngozi Adaeze Eze']);
    expect(fixed.reviewItems.map((i: { addressed: boolean }) => i.addressed)).toEqual([true, true]);
    expect(fixed.progress.currentStep).toBe(5);
    // Someone added in place of a flagged person can be taken out again.
    const removeAdded = await server.api.request('DELETE', `/api/v1/company/remove-representative/${encodeURIComponent(extra.email)}`, { token: company.accessToken });
    expect(removeAdded.status).toBe(200);
    expect((await companyMe(server, company)).application.representatives).toHaveLength(1);

    // The bank details were not flagged: they must stay as they were.
    const otherAccount = { bankCode: '011', accountNumber: sandboxAccountNumber('011', 98765) };
    const otherBank = await post(company, '/company/submit-kyb', await bankPayloadFor(server, company, otherAccount));
    expect(otherBank.status).toBe(409);
    expect(otherBank.body.message).toBe(kybMessages.bankNotFlagged);
    expect((await post(company, '/company/submit-kyb', { ...(await bankPayloadFor(server, company)), bvn: '22299999999' })).status).toBe(409);

    const resubmit = await post(company, '/company/submit-kyb', await bankPayloadFor(server, company));
    expect(resubmit.status).toBe(200);
    expect(resubmit.body.message).toBe(kybMessages.kybSubmitted);
    const back = (await companyMe(server, company)).application;
    expect(back).toMatchObject({ status: { code: 'SUBMITTED' }, reviewItems: [], progress: { currentStep: 5 } });
    expect((await latestNotification(company)).title).toBe('Business verification resubmitted');

    // Back in the queue with its assignee; the case keeps every round and what changed.
    const queue = await server.api.get(`/admin/applications?q=${encodeURIComponent(company.email)}`, { token: reviewer.token });
    expect(queue.body.data.applications).toMatchObject([{ status: 'SUBMITTED', assignee: { id: reviewer.id } }]);
    const view = (await server.api.get(`/admin/applications/${company.user.companyId}`, { token: reviewer.token })).body.data;
    expect(view.reviewItems).toEqual([
      expect.objectContaining({ key: 'proofOfAddress', round: 1, status: 'resolved', addressed: true, requestedBy: { id: reviewer.id, name: 'Rita Reviewer' } }),
      expect.objectContaining({ target: 'representative', round: 1, status: 'resolved', addressed: true }),
    ]);
    expect(view.permissions.decide).toBe(true);
    const actions = view.history.map((e: { action: string }) => e.action);
    expect(actions).toEqual([
      'application.started',
      'application.submitted',
      'application.claimed',
      'application.changes_requested',
      'document.replaced',
      'representative.updated',
      'representative.added',
      'representative.removed',
      'application.resubmitted',
      'application.viewed',
    ]);
    const replacedEntry = view.history.find((e: { action: string }) => e.action === 'document.replaced');
    expect(replacedEntry).toMatchObject({
      actorType: 'user',
      actorId: company.user.id,
      before: { docKey: 'proofOfAddress', objectKey: keyOf(before.documents, 'proofOfAddress') },
      after: { docKey: 'proofOfAddress', name: 'bill-october.pdf' },
    });
    expect(view.history.find((e: { action: string }) => e.action === 'application.resubmitted')).toMatchObject({
      before: { status: 'CHANGES_REQUESTED' },
      after: { status: 'SUBMITTED', resolvedItems: [expect.objectContaining({ label: 'Proof of Address' }), expect.objectContaining({ target: 'representative' })] },
    });

    // The replaced file is kept for the record.
    expect(await server.app.ctx.storage.head(keyOf(before.documents, 'proofOfAddress'))).not.toBeNull();
  });

  it('judges a flagged item by what is saved now: changed back to what was flagged, it is open again', async () => {
    const company = await claimedCompany();
    const before = (await companyMe(server, company)).application;
    const flaggedDoc = before.documents.find((d: { docKey: string }) => d.docKey === 'proofOfAddress');
    const request = await decide(company, 'request-changes', {
      items: [
        { target: 'document', key: 'proofOfAddress', reason: 'blurry' },
        { target: 'representative', key: director.email, reason: 'name_mismatch' },
      ],
    });
    expect(request.status).toBe(200);
    const addressed = async () => (await companyMe(server, company)).application.reviewItems.map((i: { addressed: boolean }) => i.addressed);

    // A new file, then the flagged file again: refused, and the new one stays.
    const newBill = await uploadFile(server, company.accessToken, 'bill-sharp.pdf', sampleFiles.pdf);
    expect((await post(company, '/company/documents', await documentsPayload(company, { proofOfAddress: newBill }))).status).toBe(200);
    const backToFlagged = await post(company, '/company/documents', await documentsPayload(company, { proofOfAddress: { name: flaggedDoc.name, fileUrl: flaggedDoc.fileUrl, objectKey: flaggedDoc.objectKey } }));
    expect(backToFlagged.status).toBe(422);
    expect(backToFlagged.body.data.errors).toEqual({ proofOfAddress: kybMessages.documentNeedsNewFile('Proof of Address') });
    expect((await companyMe(server, company)).application.documents.find((d: { docKey: string }) => d.docKey === 'proofOfAddress').name).toBe('bill-sharp.pdf');

    // A representative's phone changed and changed back: the item is open again and blocks resubmission.
    expect((await post(company, '/company/representatives', [{ ...director, phone: '08099999999' }])).status).toBe(200);
    expect(await addressed()).toEqual([true, true]);
    expect((await post(company, '/company/representatives', [director])).status).toBe(200);
    expect(await addressed()).toEqual([true, false]);
    const early = await post(company, '/company/submit-kyb', await bankPayloadFor(server, company));
    expect(early.status).toBe(422);
    expect(early.body.message).toBe(`${kybMessages.flaggedItemsOpen} Ngozi Eze (Director).`);

    // Removing the flagged person and adding the same person back changes nothing either.
    const remove = await server.api.request('DELETE', `/api/v1/company/remove-representative/${encodeURIComponent(director.email)}`, { token: company.accessToken });
    expect(remove.status).toBe(200);
    expect(await addressed()).toEqual([true, true]);
    expect((await post(company, '/company/representatives', [{ ...director, fullName: '  ngozi   EZE ' }])).status).toBe(200);
    expect(await addressed()).toEqual([true, false]);
    expect((await post(company, '/company/submit-kyb', await bankPayloadFor(server, company))).status).toBe(422);

    // Someone else in their place does address it, and the application goes back to review.
    expect((await post(company, '/company/representatives', [{ ...director, fullName: 'Ngozi Adaeze Eze' }])).status).toBe(200);
    expect(await addressed()).toEqual([true, true]);
    expect((await post(company, '/company/submit-kyb', await bankPayloadFor(server, company))).status).toBe(200);
    expect((await companyMe(server, company)).application.status.code).toBe('SUBMITTED');
  });

  it('a flagged bank lets the company change its settlement account, then the reviewer approves', async () => {
    const company = await claimedCompany();
    const res = await decide(company, 'request-changes', { items: [{ target: 'bank', key: 'bank', reason: 'name_mismatch' }] });
    expect(res.status).toBe(200);
    const asked = (await companyMe(server, company)).application;
    expect(asked.progress.currentStep).toBe(5);
    expect(asked.reviewItems).toMatchObject([{ target: 'bank', label: 'Bank details', step: 5 }]);
    // Nothing else may change meanwhile.
    const doc = await uploadFile(server, company.accessToken, 'memart-v2.pdf', sampleFiles.pdf);
    expect((await post(company, '/company/documents', await documentsPayload(company, { memart: doc }))).status).toBe(409);
    expect((await post(company, '/company/representatives', [{ ...director, phone: '08099999999' }])).status).toBe(409);
    expect((await post(company, '/company/representatives', [{ ...director, email: 'new.person@okafor.ng' }])).body.message).toBe(kybMessages.representativeAddNotAllowed);
    const removeUnflagged = await server.api.request('DELETE', `/api/v1/company/remove-representative/${encodeURIComponent(director.email)}`, { token: company.accessToken });
    expect(removeUnflagged.status).toBe(409);
    expect(removeUnflagged.body.message).toBe(kybMessages.representativeNotFlagged('Ngozi Eze'));
    expect((await companyMe(server, company)).application.representatives).toHaveLength(1);

    // The flagged account cannot simply be sent again.
    const same = await post(company, '/company/submit-kyb', await bankPayloadFor(server, company));
    expect(same.status).toBe(422);
    expect(same.body.data.errors).toEqual({ accountNumber: kybMessages.bankUnchanged });

    const otherAccount = { bankCode: '011', accountNumber: sandboxAccountNumber('011', 12345) };
    const payload = await bankPayloadFor(server, company, otherAccount);
    expect((await post(company, '/company/submit-kyb', payload)).status).toBe(200);
    const view = (await server.api.get(`/admin/applications/${company.user.companyId}`, { token: reviewer.token })).body.data;
    expect(view.bankDetails).toMatchObject({ accountNumber: otherAccount.accountNumber, accountName: payload.accountName });
    expect(view.history.find((e: { action: string }) => e.action === 'bank.updated')).toMatchObject({
      before: { accountNumber: '0000014579', bvnLast4: '5678' },
      after: { accountNumber: otherAccount.accountNumber },
    });

    expect((await decide(company, 'approve')).status).toBe(200);
    expect((await companyMe(server, company)).application.status.code).toBe('APPROVED');
  });
});
