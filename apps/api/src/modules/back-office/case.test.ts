import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeMessages } from '@fipay/contracts/back-office';
import {
  companyMe,
  consentLinkFor,
  createReviewerAccount,
  REVIEWER_PASSWORD,
  startEnrolment,
  submittedCompany,
  type ReviewerAccount,
} from '../../test/back-office-fixtures';
import { createVerifiedUser, login } from '../../test/fixtures';
import { director, reachable, SANDBOX_ACCOUNT } from '../../test/kyb-fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { createReviewer } from './reviewers';

let server: TestServer;
let admin: ReviewerAccount;
let reviewer: ReviewerAccount;
let otherReviewer: ReviewerAccount;

beforeAll(async () => {
  // This file creates many companies from one address; sign-up limits have their own tests.
  server = await startTestServer({ rateRules: { signupPerIp: { limit: 1000, windowSeconds: 3600 } } });
  admin = await createReviewerAccount(server, { role: 'admin', name: 'Amaka Admin' });
  reviewer = await createReviewerAccount(server, { name: 'Rita Reviewer' });
  otherReviewer = await createReviewerAccount(server, { name: 'Olu Other' });
});
afterAll(() => server.close());

const as = (account: { token: string } | string) => {
  const token = typeof account === 'string' ? account : account.token;
  return {
    get: (url: string) => server.api.get(`/admin${url}`, { token }),
    post: (url: string, body?: unknown) => server.api.post(`/admin${url}`, body, { token }),
  };
};
const tag = () => randomBytes(4).toString('hex');

describe('role checks on every back-office route', () => {
  it('refuses no token, a company token, an enrolment session, and reviewers on admin routes; nothing changes', async () => {
    const company = await submittedCompany(server);
    const id = company.user.companyId;
    const routes: { method: string; url: string; body?: unknown; adminOnly?: boolean }[] = [
      { method: 'GET', url: '/admin/me' },
      { method: 'GET', url: '/admin/applications' },
      { method: 'GET', url: `/admin/applications/${id}` },
      { method: 'POST', url: `/admin/applications/${id}/claim` },
      { method: 'POST', url: `/admin/applications/${id}/assign`, body: { reviewerId: reviewer.id }, adminOnly: true },
      { method: 'POST', url: `/admin/applications/${id}/reveal`, body: { field: 'bvn' }, adminOnly: true },
      { method: 'POST', url: `/admin/applications/${id}/notes`, body: { text: 'Looks fine.' } },
      { method: 'POST', url: `/admin/applications/${id}/approve` },
      { method: 'POST', url: `/admin/applications/${id}/reject`, body: { reason: 'No.', final: true } },
      { method: 'POST', url: `/admin/applications/${id}/request-changes`, body: { items: [{ target: 'bank', key: 'bank', reason: 'name_mismatch' }] } },
      { method: 'GET', url: `/admin/applications/${id}/audit.csv`, adminOnly: true },
      { method: 'GET', url: '/admin/reviewers', adminOnly: true },
      { method: 'GET', url: '/admin/live-readiness' },
      { method: 'POST', url: '/admin/reviewers', body: { email: `x-${tag()}@fipay.ng`, name: 'X', role: 'admin' }, adminOnly: true },
      { method: 'PATCH', url: `/admin/reviewers/${otherReviewer.id}`, body: { role: 'admin' }, adminOnly: true },
      { method: 'POST', url: `/admin/reviewers/${otherReviewer.id}/reset-access`, adminOnly: true },
    ];
    const enrolmentEmail = `enrol-${tag()}@fipay.ng`;
    const { setupLink } = await createReviewer(server.app.ctx, { email: enrolmentEmail, name: 'New Admin', role: 'admin' }, { actor: { type: 'system', name: 'test' }, sendEmail: false });
    await server.api.post('/admin/auth/set-password', { token: new URL(setupLink).searchParams.get('token'), password: REVIEWER_PASSWORD });
    const enrolment = await startEnrolment(server, enrolmentEmail);

    for (const route of routes) {
      const call = (token?: string) => server.api.request(route.method, `/api/v1${route.url}`, { token, body: route.body });
      const label = `${route.method} ${route.url}`;
      expect((await call()).status, `${label} without a token`).toBe(401);
      const companyAnswer = await call(company.accessToken);
      expect(companyAnswer.status, `${label} with a company token`).toBe(403);
      expect(companyAnswer.body.message).toBe(backOfficeMessages.companyTokenRefused);
      const enrolled = await call(enrolment);
      expect(enrolled.status, `${label} before 2FA`).toBe(403);
      expect(enrolled.body.data.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
      if (route.adminOnly) {
        const refused = await call(reviewer.token);
        expect(refused.status, `${label} as a reviewer`).toBe(403);
        expect(refused.body.message).toBe(backOfficeMessages.adminOnly);
      }
    }
    const view = await as(admin).get(`/applications/${id}`);
    expect(view.body.data.application).toMatchObject({ status: 'SUBMITTED', assignee: null });
    expect(view.body.data.notes).toEqual([]);
    expect((await as(admin).get('/reviewers')).body.data.reviewers.find((r: { id: string }) => r.id === otherReviewer.id)).toMatchObject({ role: 'reviewer', passwordSet: true });
  });

  it('lets only the assignee decide', async () => {
    const company = await submittedCompany(server);
    const id = company.user.companyId;
    const decisions: [string, unknown?][] = [
      ['approve'],
      ['reject', { reason: 'Unreadable documents.', final: false }],
      ['request-changes', { items: [{ target: 'document', key: 'memart', reason: 'blurry' }] }],
    ];
    for (const [action, body] of decisions) {
      const unassigned = await as(reviewer).post(`/applications/${id}/${action}`, body);
      expect(unassigned.status).toBe(403);
      expect(unassigned.body.message).toBe(backOfficeMessages.assigneeOnly);
    }
    expect((await as(reviewer).post(`/applications/${id}/claim`)).status).toBe(200);
    for (const [action, body] of decisions) {
      expect((await as(otherReviewer).post(`/applications/${id}/${action}`, body)).status).toBe(403);
      // Admins too: they reassign first.
      expect((await as(admin).post(`/applications/${id}/${action}`, body)).status).toBe(403);
    }
    expect((await companyMe(server, company)).application.status.code).toBe('SUBMITTED');
  });
});

describe('queue', () => {
  it('filters by status and business type, searches name, email and CAC number, oldest first, in pages', async () => {
    const t = tag();
    const cac = `RC${String(Date.now()).slice(-7)}`;
    const first = await submittedCompany(server, { companyName: `Queue ${t} Alpha Foods` });
    const second = await submittedCompany(server, { companyName: `Queue ${t} Beta Farms`, cacRegNumber: cac });
    const third = await submittedCompany(server, { companyName: `Queue ${t} Gamma Oil` });
    const starter = await login(server, await createVerifiedUser(server, { companyName: `Queue ${t} Delta NGO` }));
    await server.api.post('/company/business-type', { businessType: 'NGO', userId: starter.user.id, companyId: starter.user.companyId }, { token: starter.accessToken });

    const all = await as(reviewer).get(`/applications?q=${t}`);
    expect(all.status).toBe(200);
    expect(all.body.data.applications.map((a: { companyId: string }) => a.companyId)).toEqual([first, second, third].map((c) => c.user.companyId));
    expect(all.body.data.applications[1]).toMatchObject({
      companyName: `Queue ${t} Beta Farms`,
      userEmail: second.email,
      businessType: 'Registered Business',
      subType: 'SME',
      cacNumber: cac,
      status: 'SUBMITTED',
      assignee: null,
    });
    expect(all.body.data.applications[0].waitingSeconds).toBeGreaterThanOrEqual(0);
    expect(all.body.data.counts.SUBMITTED).toBeGreaterThanOrEqual(3);
    expect(all.body.data.counts.IN_PROGRESS).toBeGreaterThanOrEqual(1);

    const page1 = await as(reviewer).get(`/applications?q=${t}&pageSize=2&page=1`);
    expect(page1.body.data.pagination).toEqual({ currentPage: 1, totalPages: 2, pageSize: 2, totalItems: 3 });
    const page2 = await as(reviewer).get(`/applications?q=${t}&pageSize=2&page=2`);
    expect(page2.body.data.applications.map((a: { companyId: string }) => a.companyId)).toEqual([third.user.companyId]);

    const byEmail = await as(reviewer).get(`/applications?q=${encodeURIComponent(first.email.toUpperCase())}`);
    expect(byEmail.body.data.applications.map((a: { companyId: string }) => a.companyId)).toEqual([first.user.companyId]);
    const byCac = await as(reviewer).get(`/applications?q=${cac.toLowerCase()}`);
    expect(byCac.body.data.applications.map((a: { companyId: string }) => a.companyId)).toEqual([second.user.companyId]);
    const byName = await as(reviewer).get(`/applications?q=${encodeURIComponent(`${t} gamma`)}`);
    expect(byName.body.data.applications.map((a: { companyName: string }) => a.companyName)).toEqual([`Queue ${t} Gamma Oil`]);
    // Wildcards typed in the box are literal.
    expect((await as(reviewer).get(`/applications?q=${encodeURIComponent(`${t}%Oil`)}`)).body.data.pagination.totalItems).toBe(0);

    const inProgress = await as(reviewer).get(`/applications?status=IN_PROGRESS&q=${t}`);
    expect(inProgress.body.data.applications).toMatchObject([{ companyId: starter.user.companyId, businessType: 'NGO', status: 'IN_PROGRESS', submittedAt: null, waitingSeconds: null }]);
    expect((await as(reviewer).get(`/applications?status=IN_PROGRESS&businessType=NGO&q=${t}`)).body.data.pagination.totalItems).toBe(1);
    expect((await as(reviewer).get(`/applications?status=IN_PROGRESS&businessType=Individual&q=${t}`)).body.data.pagination.totalItems).toBe(0);
    expect((await as(reviewer).get(`/applications?businessType=Individual&q=${t}`)).body.data.applications).toEqual([]);

    await as(reviewer).post(`/applications/${second.user.companyId}/claim`);
    const claimed = await as(otherReviewer).get(`/applications?q=${t}`);
    expect(claimed.body.data.applications[1].assignee).toEqual({ id: reviewer.id, name: 'Rita Reviewer' });

    expect((await as(reviewer).get('/applications?status=DONE')).status).toBe(400);
    expect((await as(reviewer).get('/applications?pageSize=500')).status).toBe(400);
  });
});

describe('queue counts', () => {
  it('are the counts kept by the database, equal to a fresh count after applications are created, move and go', async () => {
    const fresh = async () => {
      const { rows } = await server.db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM kyb_applications GROUP BY status');
      return Object.fromEntries(['IN_PROGRESS', 'SUBMITTED', 'CHANGES_REQUESTED', 'APPROVED', 'REJECTED'].map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]));
    };
    const shown = async () => (await as(reviewer).get('/applications?status=SUBMITTED')).body.data;

    await submittedCompany(server);
    await login(server, await createVerifiedUser(server));
    expect((await shown()).counts).toEqual(await fresh());
    // Many applications moving in one statement, and one going with its company.
    await server.db.query("UPDATE kyb_applications SET status = 'APPROVED' WHERE status = 'SUBMITTED' AND assignee_id IS NULL");
    await server.db.query("UPDATE kyb_applications SET updated_at = now() WHERE status = 'APPROVED'");
    expect((await shown()).counts).toEqual(await fresh());
    await server.db.query("DELETE FROM companies WHERE id = (SELECT company_id FROM kyb_applications WHERE status = 'APPROVED' LIMIT 1)");
    const data = await shown();
    expect(data.counts).toEqual(await fresh());
    // Unfiltered, a tab's total is its count.
    expect(data.pagination.totalItems).toBe(data.counts.SUBMITTED);
  });
});

describe('claim and assign', () => {
  it('lets a reviewer claim an unassigned case, and an admin reassign it', async () => {
    const company = await submittedCompany(server);
    const id = company.user.companyId;
    const claim = await as(reviewer).post(`/applications/${id}/claim`);
    expect(claim.status).toBe(200);
    expect(claim.body.data.assignee).toEqual({ id: reviewer.id, name: 'Rita Reviewer' });
    expect((await as(reviewer).post(`/applications/${id}/claim`)).status).toBe(200);
    const taken = await as(otherReviewer).post(`/applications/${id}/claim`);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(backOfficeMessages.claimedByOther('Rita Reviewer'));

    const reassigned = await as(admin).post(`/applications/${id}/assign`, { reviewerId: otherReviewer.id });
    expect(reassigned.status).toBe(200);
    expect(reassigned.body.data.assignee).toEqual({ id: otherReviewer.id, name: 'Olu Other' });
    expect((await as(reviewer).post(`/applications/${id}/approve`)).status).toBe(403);
    expect((await as(admin).post(`/applications/${id}/assign`, { reviewerId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const unassigned = await as(admin).post(`/applications/${id}/assign`, { reviewerId: null });
    expect(unassigned.body.data.assignee).toBeNull();

    const { rows } = await server.db.query<{ action: string; actor_name: string; before: unknown; after: unknown }>(
      "SELECT action, actor_name, before, after FROM audit_log WHERE company_id = $1 AND action IN ('application.claimed', 'application.assigned') ORDER BY id",
      [id],
    );
    expect(rows).toEqual([
      { action: 'application.claimed', actor_name: 'Rita Reviewer', before: { assignee: null }, after: { assignee: { id: reviewer.id, name: 'Rita Reviewer' } } },
      { action: 'application.assigned', actor_name: 'Amaka Admin', before: { assignee: { id: reviewer.id, name: 'Rita Reviewer' } }, after: { assignee: { id: otherReviewer.id, name: 'Olu Other' } } },
      { action: 'application.assigned', actor_name: 'Amaka Admin', before: { assignee: { id: otherReviewer.id, name: 'Olu Other' } }, after: { assignee: null } },
    ]);
  });

  it('refuses a case that is not waiting for review, and an unknown one', async () => {
    const starter = await login(server, await createVerifiedUser(server));
    await server.api.post('/company/business-type', { businessType: 'Individual', userId: starter.user.id, companyId: starter.user.companyId }, { token: starter.accessToken });
    const res = await as(reviewer).post(`/applications/${starter.user.companyId}/claim`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(backOfficeMessages.notClaimable);
    expect((await as(reviewer).get('/applications/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await as(reviewer).get('/applications/not-a-uuid')).status).toBe(400);
  });
});

describe('case view', () => {
  it('shows the evidence: company, documents through signed links, representatives, bank with name match, masked numbers', async () => {
    const accountName = (await server.app.ctx.banks.resolveAccount(SANDBOX_ACCOUNT)).account_name;
    // The company's registered name as people write it: mixed case, "Ltd." for LIMITED.
    const companyName = `${accountName.replace(/ LIMITED$/, '').toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase())} Ltd.`;
    const company = await submittedCompany(server, { companyName });
    const id = company.user.companyId;

    const approveLink = await consentLinkFor(server, id, director.email);
    await server.api.request('PUT', '/api/v1/company/approve-representative', {
      body: { companyId: approveLink.searchParams.get('companyId'), repId: approveLink.searchParams.get('repId'), token: approveLink.searchParams.get('token'), fullName: 'Ngozi Eze' },
    });

    const res = await as(reviewer).get(`/applications/${id}`);
    expect(res.status).toBe(200);
    const view = res.body.data;
    expect(view.company).toMatchObject({ id, name: companyName, country: 'Nigeria', registrationNo: 'RC1234567' });
    expect(view.firstUser).toMatchObject({ email: company.email, firstName: 'Chidinma', emailVerified: true });
    expect(view.application).toMatchObject({ status: 'SUBMITTED', businessType: 'Registered Business', subType: 'SME', profile: { industry: 'Ecommerce' }, assignee: null, rejectionFinal: false });
    expect(view.cacNumber).toBe('RC1234567');
    expect(view.documents.map((d: { docKey: string }) => d.docKey)).toEqual(['certificate', 'proofOfAddress', 'memart', 'dueDiligence']);
    expect(view.documents.map((d: { disposition: string }) => d.disposition)).toEqual(['inline', 'inline', 'inline', 'attachment']);
    expect(view.documents[0]).toMatchObject({ label: 'Certificate of Incorporation', name: 'cac-certificate.pdf', contentType: 'application/pdf' });
    const expiresIn = Date.parse(view.documents[0].viewUrlExpiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);

    const pdf = await fetch(reachable(server, view.documents[0].viewUrl));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^inline;/);
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
    const docx = await fetch(reachable(server, view.documents[3].viewUrl));
    expect(docx.headers.get('content-disposition')).toMatch(/^attachment; filename="due-diligence.docx"/);
    await docx.arrayBuffer();

    expect(view.representatives).toEqual([
      expect.objectContaining({ fullName: 'Ngozi Eze', position: 'Director', idType: 'NIN', idNumberMasked: '*******8901', isRepApproved: true, consentName: 'Ngozi Eze', consentAt: expect.any(String) }),
    ]);
    expect(view.bankDetails).toMatchObject({
      accountNumber: SANDBOX_ACCOUNT.accountNumber,
      accountName,
      bvnMasked: '*******5678',
      nameMatch: { result: 'exact' },
    });
    const text = JSON.stringify(view);
    expect(text).not.toContain('22212345678');
    expect(text).not.toContain('12345678901');
    expect(view.permissions).toEqual({ claim: true, assign: false, decide: false, reveal: false, exportAudit: false });
    expect((await as(admin).get(`/applications/${id}`)).body.data.permissions).toEqual({ claim: true, assign: true, decide: false, reveal: true, exportAudit: true });
    // The fixture's director consents after the submission: that is history too.
    expect(view.history.map((e: { action: string }) => e.action)).toEqual(['application.started', 'application.submitted', 'representative.consented', 'application.viewed']);
    expect(view.history[2]).toMatchObject({ actorType: 'system', after: { approved: true } });
    expect(view.history[3]).toMatchObject({ actorType: 'reviewer', actorId: reviewer.id, actorName: 'Rita Reviewer' });
    expect(view.history[1]).toMatchObject({ actorType: 'user', actorName: company.email, before: { status: 'IN_PROGRESS' }, after: { status: 'SUBMITTED' } });
  });

  it('lets an admin reveal one BVN or ID number, and records that', async () => {
    const company = await submittedCompany(server);
    const id = company.user.companyId;
    const view = (await as(admin).get(`/applications/${id}`)).body.data;
    const bvn = await as(admin).post(`/applications/${id}/reveal`, { field: 'bvn' });
    expect(bvn.status).toBe(200);
    expect(bvn.body.data).toMatchObject({ field: 'bvn', representativeId: null, value: '22212345678' });
    const repId = view.representatives[0].id;
    const idNumber = await as(admin).post(`/applications/${id}/reveal`, { field: 'idNumber', representativeId: repId });
    expect(idNumber.body.data.value).toBe(director.idNumber);
    expect((await as(admin).post(`/applications/${id}/reveal`, { field: 'idNumber' })).status).toBe(400);

    const { rows } = await server.db.query<{ actor_id: string; after: Record<string, unknown> }>(
      "SELECT actor_id, after FROM audit_log WHERE company_id = $1 AND action = 'sensitive.revealed' ORDER BY id",
      [id],
    );
    expect(rows).toEqual([
      { actor_id: admin.id, after: { field: 'bvn' } },
      { actor_id: admin.id, after: { field: 'idNumber', representativeId: repId, representativeName: 'Ngozi Eze' } },
    ]);
    const { rows: anywhere } = await server.db.query("SELECT 1 FROM audit_log WHERE after::text LIKE '%22212345678%' OR after::text LIKE '%12345678901%'");
    expect(anywhere).toEqual([]);
  });

  it('keeps internal notes from the company', async () => {
    const company = await submittedCompany(server);
    const id = company.user.companyId;
    const text = 'Director looks related to a flagged entity; check before approving.';
    const note = await as(otherReviewer).post(`/applications/${id}/notes`, { text });
    expect(note.status).toBe(201);
    expect(note.body.data).toMatchObject({ text, author: { id: otherReviewer.id, name: 'Olu Other' } });
    expect((await as(otherReviewer).post(`/applications/${id}/notes`, { text: '   ' })).status).toBe(400);
    const view = (await as(reviewer).get(`/applications/${id}`)).body.data;
    const { case: _state, ...saved } = note.body.data;
    expect(view.notes).toEqual([saved]);
    expect(view.history.some((e: { action: string; after: { text?: string } }) => e.action === 'note.added' && e.after.text === text)).toBe(true);

    const seenByCompany = JSON.stringify([
      (await server.api.get('/company/me', { token: company.accessToken })).body,
      (await server.api.get('/notification/user', { token: company.accessToken })).body,
      (await server.api.get('/account/me', { token: company.accessToken })).body,
    ]);
    expect(seenByCompany).not.toContain('flagged entity');
  });
});

describe('actions answer the case as it now stands', () => {
  const actions = (history: { action: string }[]) => history.map((e) => e.action);

  it('so the page opened once (one application.viewed row, one set of signed links) follows every action from its answers', async () => {
    const company = await submittedCompany(server);
    const id = company.user.companyId;
    const opened = (await as(admin).get(`/applications/${id}`)).body.data;
    expect(actions(opened.history).filter((a) => a === 'application.viewed')).toHaveLength(1);

    const claim = await as(admin).post(`/applications/${id}/claim`);
    expect(claim.body.data.case.application.assignee).toEqual({ id: admin.id, name: 'Amaka Admin' });
    expect(claim.body.data.case.permissions).toMatchObject({ claim: true, decide: true });
    expect(actions(claim.body.data.case.history).at(-1)).toBe('application.claimed');
    expect(claim.body.data.case).not.toHaveProperty('documents');

    const note = await as(admin).post(`/applications/${id}/notes`, { text: 'Checked the CAC record.' });
    expect(note.body.data.case.notes.map((n: { text: string }) => n.text)).toEqual(['Checked the CAC record.']);
    expect(actions(note.body.data.case.history).at(-1)).toBe('note.added');

    const reveal = await as(admin).post(`/applications/${id}/reveal`, { field: 'bvn' });
    expect(actions(reveal.body.data.case.history).at(-1)).toBe('sensitive.revealed');

    const assign = await as(admin).post(`/applications/${id}/assign`, { reviewerId: reviewer.id });
    expect(assign.body.data.case.application.assignee).toEqual({ id: reviewer.id, name: 'Rita Reviewer' });
    expect(assign.body.data.case.permissions).toMatchObject({ claim: false, decide: false, assign: true });

    const approve = await as(reviewer).post(`/applications/${id}/approve`);
    expect(approve.status).toBe(200);
    expect(approve.body.data.case.application).toMatchObject({ status: 'APPROVED', decidedAt: approve.body.data.decidedAt });
    expect(approve.body.data.case.permissions).toMatchObject({ claim: false, decide: false });
    expect(actions(approve.body.data.case.history).slice(-6)).toEqual([
      'application.viewed',
      'application.claimed',
      'note.added',
      'sensitive.revealed',
      'application.assigned',
      'application.approved',
    ]);

    const { rows } = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE company_id = $1 AND action = 'application.viewed'",
      [id],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});

describe('audit trail', () => {
  it('cannot be updated, deleted or truncated by the API database role', async () => {
    const company = await submittedCompany(server);
    const before = await server.db.query('SELECT count(*)::int AS n FROM audit_log');
    await expect(server.db.query("UPDATE audit_log SET action = 'forged' WHERE company_id = $1", [company.user.companyId])).rejects.toThrow(/append-only/);
    await expect(server.db.query('DELETE FROM audit_log WHERE company_id = $1', [company.user.companyId])).rejects.toThrow(/append-only/);
    await expect(server.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    await expect(server.db.transaction((tx) => tx.query('DELETE FROM audit_log'))).rejects.toThrow(/append-only/);
    expect((await server.db.query('SELECT count(*)::int AS n FROM audit_log')).rows).toEqual(before.rows);
    const { rows } = await server.db.query<{ action: string }>('SELECT action FROM audit_log WHERE company_id = $1 ORDER BY id', [company.user.companyId]);
    expect(rows.map((r) => r.action)).toEqual(['application.started', 'application.submitted']);
  });

  it('exports a case history as CSV for admins, escaped and safe from formulas', async () => {
    const company = await submittedCompany(server);
    const id = company.user.companyId;
    const note = '=HYPERLINK("http://evil.example","Click"), then\na second line';
    await as(reviewer).post(`/applications/${id}/notes`, { text: note });
    const res = await fetch(`${server.baseUrl}/api/v1/admin/applications/${id}/audit.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="audit-${id}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheet programs read names with accents correctly.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual(['id', 'occurred_at', 'actor_type', 'actor_id', 'actor_name', 'action', 'company_id', 'before', 'after']);
    expect(rows.slice(1).map((r) => r[5])).toEqual(['application.started', 'application.submitted', 'note.added', 'audit.exported']);
    const noteRow = rows.find((r) => r[5] === 'note.added')!;
    expect(JSON.parse(noteRow[8]!).text).toBe(note);
    expect(noteRow[4]).toBe('Rita Reviewer');

    // A field that starts like a formula is made plain text.
    await server.db.query("INSERT INTO audit_log (actor_type, actor_name, action, company_id) VALUES ('system', '=1+2', '@SUM(A1)', $1)", [id]);
    const again = parseCsv(await (await fetch(`${server.baseUrl}/api/v1/admin/applications/${id}/audit.csv`, { headers: { authorization: `Bearer ${admin.token}` } })).text());
    const injected = again.find((r) => r[5] === "'@SUM(A1)")!;
    expect(injected[4]).toBe("'=1+2");
  });
});

/** RFC 4180, enough for the test: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return rows;
}

describe('OpenAPI', () => {
  it('documents every back-office route from the contracts', async () => {
    const spec = (await server.api.get('/openapi.json')).body as unknown as {
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, { content?: Record<string, unknown> }> }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    const admin = Object.entries(spec.paths).filter(([path]) => path.startsWith('/api/v1/admin/'));
    expect(admin.map(([path]) => path).sort()).toEqual([
      '/api/v1/admin/announcements',
      '/api/v1/admin/announcements/{announcementId}',
      '/api/v1/admin/announcements/{announcementId}/archive',
      '/api/v1/admin/announcements/{announcementId}/publish',
      '/api/v1/admin/applications',
      '/api/v1/admin/applications/{companyId}',
      '/api/v1/admin/applications/{companyId}/approve',
      '/api/v1/admin/applications/{companyId}/assign',
      '/api/v1/admin/applications/{companyId}/audit.csv',
      '/api/v1/admin/applications/{companyId}/claim',
      '/api/v1/admin/applications/{companyId}/notes',
      '/api/v1/admin/applications/{companyId}/payout-hold',
      '/api/v1/admin/applications/{companyId}/reject',
      '/api/v1/admin/applications/{companyId}/request-changes',
      '/api/v1/admin/applications/{companyId}/reveal',
      '/api/v1/admin/applications/{companyId}/wallet',
      '/api/v1/admin/applications/{companyId}/wallet/freeze',
      '/api/v1/admin/applications/{companyId}/wallet/statement',
      '/api/v1/admin/applications/{companyId}/wallet/unfreeze',
      '/api/v1/admin/auth/2fa/enable',
      '/api/v1/admin/auth/2fa/setup',
      '/api/v1/admin/auth/login',
      '/api/v1/admin/auth/logout',
      '/api/v1/admin/auth/set-password',
      '/api/v1/admin/disputes',
      '/api/v1/admin/disputes/{tradeId}',
      '/api/v1/admin/disputes/{tradeId}/attachments/{messageId}',
      '/api/v1/admin/disputes/{tradeId}/ruling',
      '/api/v1/admin/limit-requests',
      '/api/v1/admin/limit-requests/{requestId}',
      '/api/v1/admin/limit-requests/{requestId}/decision',
      '/api/v1/admin/live-readiness',
      '/api/v1/admin/me',
      '/api/v1/admin/payment-methods/needs-review',
      '/api/v1/admin/payment-methods/{id}/clear-review',
      '/api/v1/admin/payment-methods/{id}/reject',
      '/api/v1/admin/refunds/needs-attention',
      '/api/v1/admin/reviewers',
      '/api/v1/admin/reviewers/{reviewerId}',
      '/api/v1/admin/reviewers/{reviewerId}/reset-access',
    ]);
    for (const [path, operations] of admin) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = operation.responses['200'] ?? operation.responses['201'];
        expect(success, `${method} ${path}`).toBeDefined();
        if (!path.includes('/auth/set-password') && !path.endsWith('/auth/login')) expect(operation.security, `${method} ${path}`).toEqual([{ reviewerAuth: [] }]);
      }
    }
    expect(Object.keys(spec.paths['/api/v1/admin/applications/{companyId}/audit.csv']!.get!.responses['200']!.content!)).toEqual(['text/csv']);
    expect(JSON.stringify(spec.paths['/api/v1/admin/applications/{companyId}']!.get!.responses['200'])).toContain('nameMatch');
    expect(spec.components.securitySchemes).toHaveProperty('reviewerAuth');
  });
});
