import { backOfficeMessages, type CaseDocument, type ReviewerListItem } from '@fipay/contracts/back-office';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses, textLinkClasses } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { PageSpinner } from '../../components/ui/spinner';
import { adminWalletPath, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import {
  caseQueryOptions,
  downloadAuditCsv,
  reviewersQueryOptions,
  useAssignCase,
  useClaimCase,
  useDecideCase,
  useRevealValue,
  type CaseDecision,
} from './api/admin-api';
import { useAdminSession } from './admin-session';
import { CaseNoteForm } from './components/case-note-form';
import { PayoutHoldPanel } from './components/payout-hold-panel';
import { ApproveDialog, flaggableItems, RejectDialog, RequestChangesDialog } from './components/decision-dialogs';
import { formatBytes, formatDateTime, StatusBadge } from './components/format';

type Decision = 'approve' | 'reject' | 'changes' | null;

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white">
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      <div className="px-4 py-4 sm:px-5">{children}</div>
    </section>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="text-sm break-words text-slate-900">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

const matchStyles = {
  exact: ['bg-emerald-50 text-emerald-800 ring-emerald-200', 'Names match'],
  partial: ['bg-amber-50 text-amber-800 ring-amber-200', 'Names partly match'],
  mismatch: ['bg-red-50 text-red-800 ring-red-200', 'Names do not match'],
} as const;

function humanAction(action: string) {
  const text = action.replace(/[._]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function summarise(value: Record<string, unknown> | null) {
  if (!value) return null;
  return Object.entries(value)
    .map(([key, item]) => {
      if (item && typeof item === 'object' && 'name' in item) return `${key}: ${String(item.name)}`;
      return `${key}: ${item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item)}`;
    })
    .join(' · ');
}

/** A document opened in the page: PDFs in a frame, images as images; DOCX files download. */
function DocumentViewer({ document: doc, onClose }: { document: CaseDocument; onClose: () => void }) {
  return (
    <div className="mt-4 overflow-hidden rounded-lg border border-slate-200" role="region" aria-label={`${doc.label} preview`}>
      <div className="flex flex-col gap-1 bg-slate-50 px-3 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
        <p className="min-w-0 truncate text-sm font-medium text-slate-800">
          {doc.label} · {doc.name}
        </p>
        <div className="flex shrink-0 gap-3">
          <a href={doc.viewUrl} target="_blank" rel="noopener noreferrer" className={`${textLinkClasses} text-sm`}>
            Open in new tab
          </a>
          <button type="button" onClick={onClose} className={`${textLinkClasses} text-sm`}>
            Close preview
          </button>
        </div>
      </div>
      {doc.contentType.startsWith('image/') ? (
        <img src={doc.viewUrl} alt={`${doc.label}: ${doc.name}`} className="mx-auto max-h-[70dvh] bg-white object-contain" />
      ) : (
        <iframe src={doc.viewUrl} title={`${doc.label}: ${doc.name}`} className="h-[70dvh] w-full bg-white" />
      )}
    </div>
  );
}

/**
 * The reviewers an admin may assign (signed up, not disabled), plus the current assignee even if
 * they no longer qualify, so the select shows who holds the case instead of falling back to 'Unassigned'.
 */
function assignable(reviewers: ReviewerListItem[], assignee: { id: string; name: string } | null) {
  if (!assignee || reviewers.some((reviewer) => reviewer.id === assignee.id)) return reviewers;
  return [...reviewers, assignee];
}

export function CasePage() {
  const { companyId = '' } = useParams();
  const caseQuery = useQuery(caseQueryOptions(companyId));
  const view = caseQuery.data;
  const canAssign = view?.permissions.assign === true;
  const reviewersQuery = useQuery({
    ...reviewersQueryOptions(),
    enabled: canAssign,
    select: (all) => all.filter((r) => !r.disabled && r.passwordSet),
  });
  // A list that failed to load leaves the select with only 'Unassigned' and the current assignee.
  const reviewers = canAssign ? (reviewersQuery.data ?? (reviewersQuery.isError ? [] : null)) : null;
  const claimCase = useClaimCase(companyId);
  const assignCase = useAssignCase(companyId);
  const revealValue = useRevealValue(companyId);
  const decideCase = useDecideCase(companyId);
  const [openDoc, setOpenDoc] = useState<CaseDocument | null>(null);
  const [decision, setDecision] = useState<Decision>(null);
  const [decisionError, setDecisionError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const myId = useAdminSession((state) => state.reviewer?.id);

  if (caseQuery.isError && !view) {
    return (
      <div className="space-y-4">
        <Link to={paths.admin} className={`${textLinkClasses} inline-flex items-center gap-1 text-sm`}>
          <ArrowLeftIcon className="h-4 w-4" /> Applications
        </Link>
        <Alert tone="error">{errorMessage(caseQuery.error, backOfficeMessages.applicationNotFound)}</Alert>
      </div>
    );
  }
  if (!view) return <PageSpinner />;

  const { application, permissions } = view;
  const busy = claimCase.isPending || decideCase.isPending;

  async function decide(choice: CaseDecision, fallback: string) {
    setDecisionError(null);
    try {
      const { message } = await decideCase.mutateAsync(choice);
      toast.success(message || fallback);
      setDecision(null);
    } catch (error) {
      const message = errorMessage(error, fallback);
      setDecisionError(message);
      toast.error(message);
    }
  }

  async function claim() {
    try {
      const { message } = await claimCase.mutateAsync();
      toast.success(message || backOfficeMessages.claimed);
    } catch (error) {
      toast.error(errorMessage(error, 'The application could not be claimed.'));
    }
  }

  async function assign(reviewerId: string) {
    try {
      const { message } = await assignCase.mutateAsync(reviewerId || null);
      toast.success(message || backOfficeMessages.assigned);
    } catch (error) {
      toast.error(errorMessage(error, 'The assignment could not be changed.'));
    }
  }

  async function reveal(field: 'bvn' | 'idNumber', representativeId?: string) {
    try {
      const { data, message } = await revealValue.mutateAsync({ field, representativeId });
      setRevealed((current) => ({ ...current, [`${field}:${representativeId ?? ''}`]: data.value }));
      toast.success(message || backOfficeMessages.revealed);
    } catch (error) {
      toast.error(errorMessage(error, 'The value could not be revealed.'));
    }
  }

  async function exportCsv() {
    try {
      const fileName = await downloadAuditCsv(companyId);
      toast.success(`Downloaded ${fileName}.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The history could not be exported.'));
    }
  }

  /** `whose` names the value for screen readers: every Reveal button reads differently. */
  function revealButton(whose: string, field: 'bvn' | 'idNumber', representativeId?: string) {
    if (!permissions.reveal || revealed[`${field}:${representativeId ?? ''}`]) return null;
    return (
      <button
        type="button"
        onClick={() => void reveal(field, representativeId)}
        aria-label={`Reveal ${whose}`}
        className={`${textLinkClasses} ml-2 text-xs`}
      >
        Reveal
      </button>
    );
  }

  const profile = application.profile;
  const openItems = view.reviewItems.filter((item) => item.status === 'open');

  return (
    <div className="space-y-6">
      <Link to={paths.admin} className={`${textLinkClasses} inline-flex items-center gap-1 text-sm`}>
        <ArrowLeftIcon className="h-4 w-4" /> Applications
      </Link>

      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 lg:flex-row lg:items-center lg:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold break-words text-slate-900">{view.company.name}</h1>
            <StatusBadge status={application.status} />
          </div>
          <p className="text-sm text-slate-600">
            Submitted {formatDateTime(application.submittedAt)} · Assignee:{' '}
            <span className="font-medium text-slate-900">{application.assignee?.name ?? 'Unassigned'}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={adminWalletPath(companyId)} className={buttonClasses('secondary', '', 'sm')}>
            Wallet
          </Link>
          {permissions.claim && application.assignee?.id !== myId && (
            <Button size="sm" onClick={() => void claim()} disabled={busy}>
              Claim
            </Button>
          )}
          {permissions.assign && reviewers && (
            <div className="flex w-full items-center gap-2 sm:w-auto">
              <label htmlFor="assignee" className="text-sm whitespace-nowrap text-slate-600">
                Assign to
              </label>
              <select
                id="assignee"
                value={application.assignee?.id ?? ''}
                onChange={(event) => void assign(event.target.value)}
                className={`${inputClasses} h-9 min-w-0 flex-1 border-slate-300 sm:w-48 sm:flex-none`}
              >
                <option value="">Unassigned</option>
                {assignable(reviewers, application.assignee).map((reviewer) => (
                  <option key={reviewer.id} value={reviewer.id}>
                    {reviewer.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {permissions.decide && (
            <>
              <Button size="sm" variant="secondary" onClick={() => setDecision('changes')}>
                Request changes
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setDecision('reject')} className="text-red-700!">
                Reject
              </Button>
              <Button size="sm" onClick={() => setDecision('approve')} className="bg-emerald-700! hover:bg-emerald-800!">
                Approve
              </Button>
            </>
          )}
        </div>
      </div>

      {application.status === 'SUBMITTED' && !permissions.decide && !permissions.claim && (
        <Alert tone="info">{backOfficeMessages.assigneeOnly}</Alert>
      )}
      {application.status === 'REJECTED' && application.rejectionReason && (
        <Alert tone="error">
          Rejected{application.rejectionFinal ? ' (final)' : ' (may resubmit)'}: {application.rejectionReason}
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Section title="Company">
            <Facts
              items={[
                ['Registered name', view.company.name],
                ['Registration number', view.company.registrationNo],
                ['Email', view.company.email],
                ['Phone', view.company.phone],
                ['Website', view.company.website],
                ['Address', view.company.address],
                [
                  'First user',
                  view.firstUser
                    ? `${view.firstUser.firstName} ${view.firstUser.lastName} · ${view.firstUser.email}${view.firstUser.emailVerified ? '' : ' (unverified)'}`
                    : null,
                ],
                ['Signed up', formatDateTime(view.company.createdAt)],
              ]}
            />
          </Section>

          <Section title="Business type and profile">
            <Facts
              items={[
                ['Business type', [application.businessType, application.subType].filter(Boolean).join(' · ')],
                ['Industry', profile?.industry],
                ['Description', profile?.description],
                ['Currency', profile?.currency],
                ['Location', profile ? [profile.address, profile.lga, profile.state, profile.country].filter(Boolean).join(', ') : null],
                ['Landmark', profile?.landmark],
                ['Source of funds', profile?.sourceOfFund],
                ['Monthly income', profile ? new Intl.NumberFormat('en-NG').format(profile.monthlyIncome) : null],
                ...(profile?.smeCategory ? [['SME category', profile.smeCategory] as [string, ReactNode]] : []),
                ...(profile?.incorporatedTrusteeCategory
                  ? [['Trustee category', profile.incorporatedTrusteeCategory] as [string, ReactNode]]
                  : []),
              ]}
            />
          </Section>

          <Section title="Documents">
            <p className="mb-3 text-sm text-slate-600">
              CAC number: <span className="font-semibold text-slate-900">{view.cacNumber ?? '—'}</span>
            </p>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {view.documents.map((doc) => (
                <li key={doc.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5">
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium text-slate-900">{doc.label}</p>
                    <p className="truncate text-xs text-slate-500">
                      {doc.name} · {formatBytes(doc.size)} · {formatDateTime(doc.uploadedAt)}
                    </p>
                  </div>
                  {doc.disposition === 'inline' ? (
                    <Button size="sm" variant="secondary" onClick={() => setOpenDoc(doc)} aria-label={`View ${doc.label}`}>
                      View
                    </Button>
                  ) : (
                    <a href={doc.viewUrl} download={doc.name} className={`${textLinkClasses} text-sm`} aria-label={`Download ${doc.label}`}>
                      Download
                    </a>
                  )}
                </li>
              ))}
              {view.documents.length === 0 && <li className="px-3 py-3 text-sm text-slate-500">No documents yet.</li>}
            </ul>
            {openDoc && <DocumentViewer key={openDoc.id} document={openDoc} onClose={() => setOpenDoc(null)} />}
          </Section>

          <Section title="Representatives">
            <ul className="space-y-3">
              {view.representatives.map((rep) => (
                <li key={rep.id} className="rounded-lg border border-slate-200 p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-sm font-semibold text-slate-900">
                      {rep.fullName} <span className="font-normal text-slate-500">· {rep.position}</span>
                    </p>
                    {rep.isRepApproved ? (
                      <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-700">Consented</span>
                    ) : (
                      <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800">Awaiting consent</span>
                    )}
                  </div>
                  <div className="mt-2">
                    <Facts
                      items={[
                        ['Email', rep.email],
                        ['Phone', rep.phone],
                        [
                          `${rep.idType} number`,
                          <>
                            <span className="font-mono">{revealed[`idNumber:${rep.id}`] ?? rep.idNumberMasked}</span>
                            {revealButton(`${rep.idType} number of ${rep.fullName}`, 'idNumber', rep.id)}
                          </>,
                        ],
                        ['Consent', rep.consentAt ? `${rep.consentName ?? ''} · ${formatDateTime(rep.consentAt)}` : null],
                      ]}
                    />
                  </div>
                </li>
              ))}
              {view.representatives.length === 0 && <li className="text-sm text-slate-500">No representatives yet.</li>}
            </ul>
          </Section>

          <Section title="Bank details">
            {view.bankDetails ? (
              <div className="space-y-3">
                <Facts
                  items={[
                    ['Bank', `${view.bankDetails.bankName} (${view.bankDetails.bankCode})`],
                    ['Account number', <span className="font-mono">{view.bankDetails.accountNumber}</span>],
                    ['Resolved account name', view.bankDetails.accountName],
                    ['Currency', view.bankDetails.currency],
                    [
                      'BVN',
                      <>
                        <span className="font-mono">{revealed['bvn:'] ?? view.bankDetails.bvnMasked}</span>
                        {revealButton('BVN', 'bvn')}
                      </>,
                    ],
                  ]}
                />
                <div className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm">
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${matchStyles[view.bankDetails.nameMatch.result][0]}`}
                  >
                    {matchStyles[view.bankDetails.nameMatch.result][1]}
                  </span>
                  <span className="text-slate-600">
                    {view.bankDetails.nameMatch.companyName} ↔ {view.bankDetails.nameMatch.accountName}
                  </span>
                </div>
              </div>
            ) : (
              <p className="text-sm text-slate-500">No bank details yet.</p>
            )}
          </Section>
        </div>

        <div className="min-w-0 space-y-6">
          <Section title="Review items">
            {view.reviewItems.length === 0 ? (
              <p className="text-sm text-slate-500">No changes requested.</p>
            ) : (
              <ul className="space-y-2">
                {view.reviewItems.map((item) => (
                  <li key={item.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                    <div className="flex items-center justify-between gap-2">
                      <p className="font-medium text-slate-900">{item.label}</p>
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                          item.status === 'resolved' ? 'bg-slate-100 text-slate-600' : item.addressed ? 'bg-blue-50 text-blue-700' : 'bg-amber-50 text-amber-800'
                        }`}
                      >
                        {item.status === 'resolved' ? 'Resolved' : item.addressed ? 'Fixed, not resubmitted' : 'Open'}
                      </span>
                    </div>
                    <p className="text-slate-600">
                      {item.reasonLabel}
                      {item.note ? ` ${item.note}` : ''}
                    </p>
                    <p className="text-xs text-slate-500">
                      Round {item.round} · {item.requestedBy?.name ?? 'Reviewer'} · {formatDateTime(item.requestedAt)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {openItems.length > 0 && <p className="mt-2 text-xs text-slate-500">{openItems.length} open.</p>}
          </Section>

          <Section title="Internal notes">
            <p className="mb-3 text-xs text-slate-500">Only reviewers see these notes.</p>
            <ul className="mb-4 space-y-3">
              {view.notes.map((item) => (
                <li key={item.id} className="rounded-lg bg-slate-50 p-3 text-sm">
                  <p className="whitespace-pre-wrap text-slate-800">{item.text}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    {item.author.name} · {formatDateTime(item.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
            <CaseNoteForm companyId={companyId} />
          </Section>

          <Section title="Live payouts">
            <PayoutHoldPanel companyId={companyId} />
          </Section>

          <Section
            title="History"
            actions={
              permissions.exportAudit && (
                <button type="button" onClick={() => void exportCsv()} className={`${textLinkClasses} text-sm`}>
                  Export CSV
                </button>
              )
            }
          >
            <ol className="space-y-3 border-l border-slate-200 pl-4">
              {[...view.history].reverse().map((entry) => (
                <li key={entry.id} className="relative text-sm">
                  <span className="absolute top-1.5 -left-[21px] h-2.5 w-2.5 rounded-full bg-slate-300" aria-hidden="true" />
                  <p className="font-medium text-slate-900">{humanAction(entry.action)}</p>
                  <p className="text-xs text-slate-500">
                    {entry.actorName ?? entry.actorType} · {formatDateTime(entry.occurredAt)}
                  </p>
                  {(entry.before || entry.after) && (
                    <p className="mt-0.5 text-xs break-words text-slate-500">
                      {[summarise(entry.before), summarise(entry.after)].filter(Boolean).join(' → ')}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          </Section>
        </div>
      </div>

      <ApproveDialog
        open={decision === 'approve'}
        onClose={() => setDecision(null)}
        busy={busy}
        error={decisionError}
        companyName={view.company.name}
        onConfirm={() => void decide({ kind: 'approve' }, backOfficeMessages.approved)}
      />
      {decision === 'reject' && (
        <RejectDialog
          open
          onClose={() => setDecision(null)}
          busy={busy}
          error={decisionError}
          onConfirm={(body) => void decide({ kind: 'reject', body }, backOfficeMessages.rejected)}
        />
      )}
      {decision === 'changes' && (
        <RequestChangesDialog
          open
          onClose={() => setDecision(null)}
          busy={busy}
          error={decisionError}
          items={flaggableItems(view)}
          onConfirm={(body) => void decide({ kind: 'changes', body }, backOfficeMessages.changesRequested)}
        />
      )}
    </div>
  );
}
