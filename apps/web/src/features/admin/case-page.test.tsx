import type { Case } from '@fipay/contracts/back-office';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { QueryWrapper } from '../../test/query-wrapper';
import { useAdminSession } from './admin-session';
import { CasePage } from './case-page';
import {
  adminReviewer,
  auditEntry,
  caseFixture,
  caseStateOf,
  COMPANY_ID,
  fail,
  ok,
  plainReviewer,
  REP_ID,
  reviewerItem,
  signInAs,
  stubApi,
} from './test-fixtures';

const casePath = `admin/applications/${COMPANY_ID}`;
const colleague = reviewerItem(plainReviewer);

function renderCase() {
  const router = createMemoryRouter([{ path: '/admin/applications/:companyId', Component: CasePage }], {
    initialEntries: [`/admin/applications/${COMPANY_ID}`],
  });
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
    { wrapper: QueryWrapper },
  );
  return userEvent.setup();
}

const section = (name: string) => screen.getByRole('region', { name });
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;
const authOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string>).Authorization;

describe('CasePage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useAdminSession.getState().clear();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('an admin', () => {
    beforeEach(() => signInAs(adminReviewer));

    it('reveals a masked BVN: the server is asked, the clear value replaces the mask and the Reveal button goes', async () => {
      const api = stubApi([
        ['GET', casePath, ok(caseFixture())],
        ['GET', 'admin/reviewers', ok({ reviewers: [reviewerItem(adminReviewer), colleague] })],
        [
          'POST',
          `${casePath}/reveal`,
          ok(
            { field: 'bvn', representativeId: null, value: '22212345678', case: caseStateOf(caseFixture({ history: [auditEntry('sensitive.revealed')] })) },
            'Value revealed. This was recorded in the audit trail.',
          ),
        ],
      ]);
      const user = renderCase();
      const bank = await screen.findByRole('region', { name: 'Bank details' });
      expect(within(bank).getByText('*******5678')).toBeInTheDocument();
      expect(within(bank).queryByText('22212345678')).toBeNull();

      await user.click(within(bank).getByRole('button', { name: 'Reveal BVN' }));
      expect(await within(bank).findByText('22212345678')).toBeInTheDocument();
      expect(within(bank).queryByText('*******5678')).toBeNull();
      expect(within(bank).queryByRole('button', { name: 'Reveal BVN' })).toBeNull();
      expect(await screen.findByText('Value revealed. This was recorded in the audit trail.')).toBeInTheDocument();

      const [call] = api.calls('POST', `${casePath}/reveal`);
      expect(bodyOf(call![1])).toEqual({ field: 'bvn' });
      expect(authOf(call![1])).toBe('Bearer fpr_admin');
      // The answer carries the audited reveal into the history; the case is not opened (and audited) again.
      expect(within(section('History')).getByText('Sensitive revealed')).toBeInTheDocument();
      expect(api.calls('GET', casePath)).toHaveLength(1);
      // The ID number was not revealed along with it.
      expect(within(section('Representatives')).getByText('*******8901')).toBeInTheDocument();
    });

    it("reveals one representative's ID number, naming that representative", async () => {
      const api = stubApi([
        ['GET', casePath, ok(caseFixture())],
        ['GET', 'admin/reviewers', ok({ reviewers: [] })],
        ['POST', `${casePath}/reveal`, ok({ field: 'idNumber', representativeId: REP_ID, value: '12345678901', case: caseStateOf(caseFixture()) })],
      ]);
      const user = renderCase();
      const reps = await screen.findByRole('region', { name: 'Representatives' });
      await user.click(within(reps).getByRole('button', { name: 'Reveal NIN number of Ngozi Eze' }));
      expect(await within(reps).findByText('12345678901')).toBeInTheDocument();
      expect(bodyOf(api.calls('POST', `${casePath}/reveal`)[0]![1])).toEqual({ field: 'idNumber', representativeId: REP_ID });
      // The BVN stays masked.
      expect(within(section('Bank details')).getByText('*******5678')).toBeInTheDocument();
    });

    it('keeps the mask and says why when the reveal is refused', async () => {
      stubApi([
        ['GET', casePath, ok(caseFixture())],
        ['GET', 'admin/reviewers', ok({ reviewers: [] })],
        ['POST', `${casePath}/reveal`, fail(429, 'Too many requests. Please try again later.')],
      ]);
      const user = renderCase();
      const bank = await screen.findByRole('region', { name: 'Bank details' });
      await user.click(within(bank).getByRole('button', { name: 'Reveal BVN' }));
      expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument();
      expect(within(bank).getByText('*******5678')).toBeInTheDocument();
      expect(within(bank).getByRole('button', { name: 'Reveal BVN' })).toBeInTheDocument();
    });

    it("exports the case's history as CSV with the reviewer's token and saves it under the server's file name", async () => {
      const csv = '\uFEFF"occurredAt","action"\r\n"2026-11-20T10:00:00.000Z","application.submitted"\r\n';
      const api = stubApi([
        ['GET', casePath, ok(caseFixture())],
        ['GET', 'admin/reviewers', ok({ reviewers: [] })],
        [
          'GET',
          `${casePath}/audit.csv`,
          () =>
            new Response(csv, {
              status: 200,
              headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit-adebayo-foods.csv"' },
            }),
        ],
      ]);
      const saved: { href: string; download: string }[] = [];
      const blobs: Blob[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, download: this.download });
      });
      const createObjectURL = vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:audit-1';
      });
      const revokeObjectURL = vi.fn();
      // jsdom has no object URLs.
      const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      onTestFinished(() => {
        Object.assign(URL, original);
      });

      const user = renderCase();
      const history = await screen.findByRole('region', { name: 'History' });
      await user.click(within(history).getByRole('button', { name: 'Export CSV' }));

      await vi.waitFor(() => expect(saved).toEqual([{ href: 'blob:audit-1', download: 'audit-adebayo-foods.csv' }]));
      const [call] = api.calls('GET', `${casePath}/audit.csv`);
      expect(authOf(call![1])).toBe('Bearer fpr_admin');
      // Byte for byte, the byte-order mark included (Blob.text() would drop it): Excel needs it to read UTF-8.
      expect([...new Uint8Array(await blobs[0]!.arrayBuffer())]).toEqual([...new TextEncoder().encode(csv)]);
      expect(blobs[0]!.type).toMatch(/^text\/csv/);
      await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:audit-1'));
      expect(await screen.findByText('Downloaded audit-adebayo-foods.csv.')).toBeInTheDocument();
      // The case is not opened again: that would write another 'viewed' row and sign every link anew.
      expect(api.calls('GET', casePath)).toHaveLength(1);
    });

    it("shows the server's refusal when the export fails, and saves nothing", async () => {
      stubApi([
        ['GET', casePath, ok(caseFixture())],
        ['GET', 'admin/reviewers', ok({ reviewers: [] })],
        ['GET', `${casePath}/audit.csv`, fail(403, 'Only an administrator can do this.')],
      ]);
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
      const user = renderCase();
      await user.click(within(await screen.findByRole('region', { name: 'History' })).getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('Only an administrator can do this.')).toBeInTheDocument();
      expect(click).not.toHaveBeenCalled();
    });

    it('reassigns the case to another reviewer, and can unassign it', async () => {
      let current: Case = caseFixture({ application: { ...caseFixture().application, assignee: { id: adminReviewer.id, name: adminReviewer.name } } });
      const api = stubApi([
        ['GET', casePath, () => ok(current)],
        [
          'GET',
          'admin/reviewers',
          ok({
            reviewers: [
              reviewerItem(adminReviewer),
              colleague,
              reviewerItem({ ...plainReviewer, id: 'c3', name: 'Invited Person' }, { passwordSet: false }),
              reviewerItem({ ...plainReviewer, id: 'd4', name: 'Gone Person' }, { disabled: true }),
            ],
          }),
        ],
        [
          'POST',
          `${casePath}/assign`,
          (init) => {
            const { reviewerId } = bodyOf(init) as { reviewerId: string | null };
            const assignee = reviewerId ? { id: reviewerId, name: 'Tunde Bello' } : null;
            current = { ...current, application: { ...current.application, assignee } };
            return ok({ assignee, case: caseStateOf(current) }, 'Assignment updated.');
          },
        ],
      ]);
      const user = renderCase();
      const select = await screen.findByRole('combobox', { name: 'Assign to' });
      expect(select).toHaveValue(adminReviewer.id);
      // Only reviewers who can sign in are offered.
      expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Unassigned', 'Ada Obi', 'Tunde Bello']);

      await user.selectOptions(select, 'Tunde Bello');
      expect(await screen.findByText('Assignment updated.')).toBeInTheDocument();
      expect(bodyOf(api.calls('POST', `${casePath}/assign`)[0]![1])).toEqual({ reviewerId: plainReviewer.id });
      await vi.waitFor(() => expect(screen.getByText('Assignee:', { exact: false })).toHaveTextContent('Assignee: Tunde Bello'));
      expect(select).toHaveValue(plainReviewer.id);

      await user.selectOptions(select, 'Unassigned');
      await vi.waitFor(() => expect(bodyOf(api.calls('POST', `${casePath}/assign`)[1]![1])).toEqual({ reviewerId: null }));
      await vi.waitFor(() => expect(screen.getByText('Assignee:', { exact: false })).toHaveTextContent('Assignee: Unassigned'));
      // Each answer was applied as it came; the case was opened once.
      expect(api.calls('GET', casePath)).toHaveLength(1);
    });

    it('shows the current assignee in the select even when they can no longer be chosen', async () => {
      stubApi([
        ['GET', casePath, ok(caseFixture({ application: { ...caseFixture().application, assignee: { id: 'd4', name: 'Gone Person' } } }))],
        ['GET', 'admin/reviewers', ok({ reviewers: [colleague, reviewerItem({ ...plainReviewer, id: 'd4', name: 'Gone Person' }, { disabled: true })] })],
      ]);
      renderCase();
      const select = await screen.findByRole('combobox', { name: 'Assign to' });
      expect(select).toHaveValue('d4');
      expect(within(select).getByRole('option', { selected: true })).toHaveTextContent('Gone Person');
    });

    it('keeps the assignee and says why when reassigning fails', async () => {
      stubApi([
        ['GET', casePath, ok(caseFixture())],
        ['GET', 'admin/reviewers', ok({ reviewers: [colleague] })],
        ['POST', `${casePath}/assign`, fail(409, 'Only a submitted application, or one waiting for changes, can be assigned.')],
      ]);
      const user = renderCase();
      const select = await screen.findByRole('combobox', { name: 'Assign to' });
      await user.selectOptions(select, 'Tunde Bello');
      expect(await screen.findByText('Only a submitted application, or one waiting for changes, can be assigned.')).toBeInTheDocument();
      expect(select).toHaveValue('');
    });
  });

  it('claims, notes and approves from their answers, opening the case (one audited view) once', async () => {
    signInAs(plainReviewer);
    const opened = caseFixture({ permissions: { claim: true, assign: false, decide: false, reveal: false, exportAudit: false } });
    const claimed = caseFixture({
      application: { ...opened.application, assignee: { id: plainReviewer.id, name: plainReviewer.name } },
      permissions: { ...opened.permissions, decide: true },
      history: [auditEntry('application.claimed', plainReviewer)],
    });
    const noted = { ...claimed, notes: [{ id: 'n1', text: 'CAC record checked.', author: { id: plainReviewer.id, name: plainReviewer.name }, createdAt: '2026-11-21T09:05:00.000Z' }] };
    const approved = caseFixture({
      ...noted,
      application: { ...claimed.application, status: 'APPROVED', decidedAt: '2026-11-21T09:10:00.000Z' },
      permissions: { ...opened.permissions, claim: false, decide: false },
      history: [...claimed.history, auditEntry('application.approved', plainReviewer)],
    });
    const api = stubApi([
      ['GET', casePath, ok(opened)],
      ['POST', `${casePath}/claim`, ok({ assignee: claimed.application.assignee, case: caseStateOf(claimed) }, 'Application claimed.')],
      ['POST', `${casePath}/notes`, ok({ ...noted.notes[0], case: caseStateOf(noted) }, 'Note added.')],
      ['POST', `${casePath}/approve`, ok({ companyId: COMPANY_ID, status: 'APPROVED', decidedAt: '2026-11-21T09:10:00.000Z', case: caseStateOf(approved) }, 'Application approved.')],
    ]);
    const user = renderCase();
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    await vi.waitFor(() => expect(screen.getByText('Assignee:', { exact: false })).toHaveTextContent('Assignee: Tunde Bello'));
    expect(within(section('History')).getByText('Application claimed')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /note/i }), 'CAC record checked.');
    await user.click(screen.getByRole('button', { name: /add note/i }));
    expect(await within(section('Internal notes')).findByText('CAC record checked.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /approve/i }));
    expect(await within(section('History')).findByText('Application approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(api.calls('GET', casePath)).toHaveLength(1);
  });

  it('adds a note only when it says something, keeps it when refused and clears it once added', async () => {
    signInAs(plainReviewer);
    const opened = caseFixture();
    const note = { id: 'n1', text: 'Called the director.', author: { id: plainReviewer.id, name: plainReviewer.name }, createdAt: '2026-11-21T09:05:00.000Z' };
    let attempts = 0;
    const api = stubApi([
      ['GET', casePath, ok(opened)],
      ['POST', `${casePath}/notes`, () => (++attempts === 1 ? fail(503, 'The service is busy. Try again in a moment.') : ok({ ...note, case: caseStateOf({ ...opened, notes: [note] }) }, 'Note added.'))],
    ]);
    const user = renderCase();
    const box = await screen.findByRole('textbox', { name: 'Add a note' });
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write a note.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', `${casePath}/notes`)).toHaveLength(0);

    await user.clear(box);
    await user.type(box, '  Called the director.  ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('The service is busy. Try again in a moment.')).toBeInTheDocument();
    expect(box).toHaveValue('  Called the director.  ');

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await within(section('Internal notes')).findByText('Called the director.')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(screen.queryByText('The service is busy. Try again in a moment.')).toBeNull();
    expect(JSON.parse(String(api.calls('POST', `${casePath}/notes`)[1]![1]!.body))).toEqual({ text: 'Called the director.' });
  });

  it('a plain reviewer sees no admin-only control: no Reveal, no Export CSV, no reassignment', async () => {
    signInAs(plainReviewer);
    const api = stubApi([
      ['GET', casePath, ok(caseFixture({ permissions: { claim: true, assign: false, decide: false, reveal: false, exportAudit: false } }))],
    ]);
    renderCase();
    expect(await screen.findByRole('heading', { level: 1, name: 'Adebayo Foods Ltd' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claim' })).toBeInTheDocument();
    expect(within(section('Bank details')).getByText('*******5678')).toBeInTheDocument();
    expect(within(section('Representatives')).getByText('*******8901')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Assign to' })).toBeNull();
    // The reviewer list (an admin route) is never asked for.
    expect(api.calls('GET', 'admin/reviewers')).toHaveLength(0);
  });
});
