import { z } from 'zod';
import { businessProfileRecord, reviewItemSchema } from './company';
import { emptyEnvelope, envelope } from './envelope';
import { emailField, requiredText, serverChecks, text, uuid } from './fields';
import {
  applicationStatuses,
  businessSubTypes,
  businessTypes,
  docKeys,
  reviewReasons,
  reviewTargets,
} from './kyb-options';
import { messages } from './messages';
import { paginationSchema } from './notifications';
import { newPasswordSchema } from './password';

/**
 * The compliance back office: reviewer accounts (separate from company users),
 * their sign-in with a mandatory authenticator, the queue of KYB applications,
 * the case view, decisions and the audit trail. Every route is under
 * /api/v1/admin; see docs/decisions/0011-back-office.md.
 */

export const reviewerRoles = ['reviewer', 'admin'] as const;
export type ReviewerRole = (typeof reviewerRoles)[number];

/** How long a password-setup link works (hours). */
export const REVIEWER_SETUP_LINK_HOURS = 24;
/** A signed-in reviewer's session ends after this much inactivity... */
export const REVIEWER_SESSION_IDLE_MINUTES = 30;
/** ...and this long after sign-in whatever the activity. */
export const REVIEWER_SESSION_MAX_HOURS = 12;
/** An enrolment session (password right, authenticator not yet set up) lasts this long at most. */
export const REVIEWER_ENROLMENT_SESSION_MINUTES = 30;
/** Signed links to documents in the case view. */
export const REVIEWER_DOCUMENT_LINK_SECONDS = 5 * 60;

export const QUEUE_PAGE_SIZE_DEFAULT = 20;
export const QUEUE_PAGE_SIZE_MAX = 100;
export const QUEUE_SEARCH_MAX = 100;
export const REVIEW_NOTE_MAX = 2000;
export const REJECTION_REASON_MAX = 1000;
export const REVIEW_ITEM_NOTE_MAX = 500;
export const REVIEW_ITEMS_MAX = 20;

export const backOfficeMessages = {
  setupLinkInvalid: 'This password link is invalid or has expired. Ask an administrator for a new one.',
  passwordSet: 'Your password is set. Sign in to continue.',
  invalidCredentials: 'Incorrect email or password.',
  otpRequired: 'Enter the 6-digit code from your authenticator app.',
  otpInvalid: 'Invalid or expired code.',
  enrolmentRequired: 'Set up your authenticator app to continue.',
  signedIn: 'Signed in.',
  enrolmentStarted: 'Scan the QR code with your authenticator app, then confirm with a code.',
  twoFactorEnabled: 'Two-factor authentication is on. Keep your recovery codes somewhere safe.',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already on.',
  twoFactorNotSetUp: 'Start the setup again: no pending authenticator was found.',
  signedOut: 'Signed out.',
  sessionInvalid: 'Your back-office session has ended. Please sign in again.',
  companyTokenRefused: 'The back office is for compliance staff. Company accounts cannot use it.',
  adminOnly: 'Only an administrator can do this.',

  reviewersLoaded: 'Reviewers loaded.',
  reviewerCreated: 'Reviewer added. We emailed them a link to set their password.',
  reviewerUpdated: 'Reviewer updated.',
  reviewerAccessReset: 'Access reset. We emailed them a new link to set their password.',
  reviewerExists: 'A reviewer with this email already exists.',
  reviewerNotFound: 'Reviewer not found.',
  reviewerSelfChange: 'You cannot change your own role or disable your own account.',
  reviewerDisabled: 'This reviewer is disabled.',
  nameRequired: 'Name is required',
  roleInvalid: 'Choose reviewer or admin.',
  nothingToChange: 'Send a role or disabled to change.',

  queueLoaded: 'Applications loaded.',
  caseLoaded: 'Application loaded.',
  applicationNotFound: 'Application not found.',
  claimed: 'You are now assigned to this application.',
  claimedByOther: (name: string) => `${name} is already assigned to this application.`,
  assigned: 'Assignment updated.',
  notClaimable: 'Only a submitted application, or one waiting for changes, can be assigned.',
  assigneeOnly: 'Only the reviewer assigned to this application can decide it. Claim it first.',
  notSubmitted: 'Only a submitted application can be decided.',
  approved: 'Application approved.',
  rejected: 'Application rejected.',
  changesRequested: 'Changes requested. The company has been told what to fix.',
  noteAdded: 'Note added.',
  noteRequired: 'Write a note.',
  reasonRequired: 'A reason is required.',
  finalRequired: 'Choose whether the company may resubmit.',
  itemsRequired: 'Flag at least one item.',
  itemNoteRequired: 'Explain the problem in a note when the reason is Other.',
  itemDuplicate: 'Each item can be flagged once.',
  itemUnknownDocument: 'The application has no such document.',
  itemUnknownRepresentative: 'The application has no such representative.',
  itemNoBank: 'The application has no bank details yet.',
  itemBankKey: "A bank item's key is 'bank'.",
  revealed: 'Value revealed. This was recorded in the audit trail.',
  revealRepresentativeRequired: 'Choose the representative whose ID number to reveal.',
  revealNothing: 'There is no value to reveal.',
} as const;

// ---- Reviewers and sign-in

export const reviewerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(reviewerRoles),
  twoFactorEnabled: z.boolean(),
});
export type Reviewer = z.infer<typeof reviewerSchema>;

/** An opaque bearer token for /admin routes; send it as `Authorization: Bearer <token>`. */
export const reviewerSessionSchema = z.object({
  token: z.string(),
  /** 'enrolment' may only set up the authenticator; 'full' may use the back office. */
  scope: z.enum(['enrolment', 'full']),
  /** The absolute end of the session (ISO 8601). */
  expiresAt: z.string(),
  /** The session also ends after this many seconds without a request. */
  idleTimeoutSeconds: z.number().int(),
});
export type ReviewerSession = z.infer<typeof reviewerSessionSchema>;

export const setPasswordRequest = z.object({
  token: text(backOfficeMessages.setupLinkInvalid).min(1, backOfficeMessages.setupLinkInvalid).max(200),
  password: newPasswordSchema,
});
export const setPasswordResponse = emptyEnvelope;

export const reviewerLoginRequest = z.object({
  email: text(messages.fieldRequired).trim().min(1, messages.fieldRequired).max(254),
  password: text(messages.fieldRequired).min(1, messages.fieldRequired).max(1024),
  /** A 6-digit authenticator code or a recovery code; leave out until the server asks for it. */
  otp: text().trim().max(32).optional().default(''),
});
export type ReviewerLoginRequest = z.input<typeof reviewerLoginRequest>;

/**
 * - `otp_required`: the password is right; send it again with `otp`.
 * - `enrolment`: the password is right and no authenticator is set up yet; the
 *   session may only call `admin/auth/2fa/setup` and `admin/auth/2fa/enable`.
 * - `signed_in`: a full session.
 */
export const reviewerLoginData = z.object({
  stage: z.enum(['otp_required', 'enrolment', 'signed_in']),
  session: reviewerSessionSchema.nullable(),
  reviewer: reviewerSchema.nullable(),
});
export type ReviewerLoginData = z.infer<typeof reviewerLoginData>;
export const reviewerLoginResponse = envelope(reviewerLoginData);

export const reviewerTwoFactorSetupResponse = envelope(z.object({ secret: z.string(), otpauthUrl: z.string(), qrCodeDataUrl: z.string() }));
export const reviewerTwoFactorEnableRequest = z.object({ otp: text().trim().regex(/^\d{6}$/, backOfficeMessages.otpInvalid) });
/** The enrolment session ends; the answer carries the full session that replaces it. */
export const reviewerTwoFactorEnableResponse = envelope(
  z.object({ recoveryCodes: z.array(z.string()), session: reviewerSessionSchema, reviewer: reviewerSchema }),
);
export const reviewerLogoutResponse = emptyEnvelope;
export const reviewerMeResponse = envelope(reviewerSchema);

export const reviewerListItemSchema = reviewerSchema.extend({
  /** False until they open their setup link. */
  passwordSet: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type ReviewerListItem = z.infer<typeof reviewerListItemSchema>;
export const reviewerListResponse = envelope(z.object({ reviewers: z.array(reviewerListItemSchema) }));

export const createReviewerRequest = z.object({
  email: emailField,
  name: text(backOfficeMessages.nameRequired).trim().min(1, backOfficeMessages.nameRequired).max(120),
  role: z.enum(reviewerRoles, backOfficeMessages.roleInvalid),
});
export type CreateReviewerRequest = z.input<typeof createReviewerRequest>;
export const reviewerResponse = envelope(reviewerListItemSchema);

export const reviewerIdParams = z.object({ reviewerId: uuid });
export const updateReviewerRequest = z
  .object({
    role: z.enum(reviewerRoles, backOfficeMessages.roleInvalid).optional(),
    disabled: z.boolean().optional(),
  })
  .refine((value) => value.role !== undefined || value.disabled !== undefined, backOfficeMessages.nothingToChange)
  .meta({ minProperties: 1 });
export type UpdateReviewerRequest = z.input<typeof updateReviewerRequest>;

// ---- Queue

export const queueStatuses = applicationStatuses;
export const queueQuery = z.object({
  status: z.enum(applicationStatuses).default('SUBMITTED'),
  businessType: z.enum(businessTypes).optional(),
  /** Company name, any of its users' emails, or a CAC / registration number; case-insensitive, part of a word is enough. */
  q: text().trim().max(QUEUE_SEARCH_MAX).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(QUEUE_PAGE_SIZE_MAX).default(QUEUE_PAGE_SIZE_DEFAULT),
});
export type QueueQuery = z.input<typeof queueQuery>;

export const assigneeSchema = z.object({ id: z.string(), name: z.string() });

export const queueItemSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  /** The company's first user, who signed up. */
  userEmail: z.string().nullable(),
  businessType: z.enum(businessTypes).nullable(),
  subType: z.enum(businessSubTypes).nullable(),
  cacNumber: z.string().nullable(),
  status: z.enum(applicationStatuses),
  submittedAt: z.string().nullable(),
  /** Seconds since the last submission, for an application waiting in SUBMITTED; null otherwise. */
  waitingSeconds: z.number().int().nullable(),
  assignee: assigneeSchema.nullable(),
  updatedAt: z.string(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueData = z.object({
  applications: z.array(queueItemSchema),
  pagination: paginationSchema,
  /** How many applications each status holds (ignores the other filters), for the status tabs. */
  counts: z.record(z.enum(applicationStatuses), z.number().int()),
});
export type QueueData = z.infer<typeof queueData>;
export const queueResponse = envelope(queueData);

// ---- Case view

export const companyIdParams = z.object({ companyId: uuid });

export const nameMatchResults = ['exact', 'partial', 'mismatch'] as const;
export type NameMatchResult = (typeof nameMatchResults)[number];

export const auditActorTypes = ['reviewer', 'user', 'system'] as const;
export const auditEntrySchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  actorType: z.enum(auditActorTypes),
  actorId: z.string().nullable(),
  /** The actor's name or email as it was when they acted. */
  actorName: z.string().nullable(),
  /** e.g. application.submitted, application.claimed, sensitive.revealed, note.added, application.approved. */
  action: z.string(),
  companyId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const caseReviewItemSchema = reviewItemSchema.extend({
  /** Which request for changes it belongs to (1 for the first). */
  round: z.number().int(),
  status: z.enum(['open', 'resolved']),
  resolvedAt: z.string().nullable(),
  requestedBy: assigneeSchema.nullable(),
});
export type CaseReviewItem = z.infer<typeof caseReviewItemSchema>;

export const caseDocumentSchema = z.object({
  id: z.string(),
  docKey: z.enum(docKeys),
  label: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
  cacRegNumber: z.string().nullable(),
  /** A signed link valid for REVIEWER_DOCUMENT_LINK_SECONDS. */
  viewUrl: z.string(),
  viewUrlExpiresAt: z.string(),
  /** inline: PDF and images open in the page; attachment: DOCX downloads. */
  disposition: z.enum(['inline', 'attachment']),
});
export type CaseDocument = z.infer<typeof caseDocumentSchema>;

export const caseRepresentativeSchema = z.object({
  id: z.string(),
  position: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  idType: z.string(),
  /** Masked; an admin may reveal it. */
  idNumberMasked: z.string(),
  isRepApproved: z.boolean(),
  /** The name typed when consenting. */
  consentName: z.string().nullable(),
  consentAt: z.string().nullable(),
});
export type CaseRepresentative = z.infer<typeof caseRepresentativeSchema>;

export const caseBankSchema = z.object({
  currency: z.string(),
  bankName: z.string(),
  bankCode: z.string(),
  accountNumber: z.string(),
  /** The name the bank directory resolved at submission. */
  accountName: z.string(),
  /** Masked; an admin may reveal it. */
  bvnMasked: z.string(),
  nameMatch: z.object({
    result: z.enum(nameMatchResults),
    /** Both names as compared: upper case, punctuation and legal-form words (LIMITED, LTD, PLC...) removed. */
    companyName: z.string(),
    accountName: z.string(),
  }),
});

export const caseNoteSchema = z.object({ id: z.string(), text: z.string(), author: assigneeSchema, createdAt: z.string() });
export type CaseNote = z.infer<typeof caseNoteSchema>;

export const caseSchema = z.object({
  company: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    website: z.string(),
    country: z.string(),
    address: z.string(),
    registrationNo: z.string(),
    createdAt: z.string(),
  }),
  firstUser: z
    .object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string(), emailVerified: z.boolean() })
    .nullable(),
  application: z.object({
    status: z.enum(applicationStatuses),
    businessType: z.enum(businessTypes).nullable(),
    subType: z.enum(businessSubTypes).nullable(),
    profile: businessProfileRecord.nullable(),
    currentStep: z.number().int(),
    submittedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
    rejectionReason: z.string().nullable(),
    rejectionFinal: z.boolean(),
    assignee: assigneeSchema.nullable(),
    createdAt: z.string(),
  }),
  cacNumber: z.string().nullable(),
  documents: z.array(caseDocumentSchema),
  representatives: z.array(caseRepresentativeSchema),
  bankDetails: caseBankSchema.nullable(),
  reviewItems: z.array(caseReviewItemSchema),
  notes: z.array(caseNoteSchema),
  /** The case's audit trail, oldest first. */
  history: z.array(auditEntrySchema),
  /** What the signed-in reviewer may do now. */
  permissions: z.object({ claim: z.boolean(), assign: z.boolean(), decide: z.boolean(), reveal: z.boolean(), exportAudit: z.boolean() }),
});
export type Case = z.infer<typeof caseSchema>;
export const caseResponse = envelope(caseSchema);

/**
 * The parts of a case that an action changes. Every action answers them, so the case page applies
 * its own answer instead of opening the case again (which is audited and signs every document link anew).
 */
export const caseStateSchema = caseSchema.pick({ application: true, reviewItems: true, notes: true, history: true, permissions: true });
export type CaseState = z.infer<typeof caseStateSchema>;

// ---- Assignment, notes, reveal

export const claimResponse = envelope(z.object({ assignee: assigneeSchema, case: caseStateSchema }));
export const assignRequest = z.object({ reviewerId: uuid.nullable() });
export const assignResponse = envelope(z.object({ assignee: assigneeSchema.nullable(), case: caseStateSchema }));

export const noteRequest = z.object({ text: text(backOfficeMessages.noteRequired).trim().min(1, backOfficeMessages.noteRequired).max(REVIEW_NOTE_MAX) });
export type NoteRequest = z.infer<typeof noteRequest>;
export const noteResponse = envelope(caseNoteSchema.extend({ case: caseStateSchema }));

export const revealFields = ['bvn', 'idNumber'] as const;
export const revealRequest = z
  .object({ field: z.enum(revealFields), representativeId: serverChecks(uuid, 'Required when field is idNumber.').optional() })
  .refine((value) => value.field !== 'idNumber' || value.representativeId, { path: ['representativeId'], message: backOfficeMessages.revealRepresentativeRequired });
export type RevealRequest = z.input<typeof revealRequest>;
export const revealResponse = envelope(
  z.object({ field: z.enum(revealFields), representativeId: z.string().nullable(), value: z.string(), case: caseStateSchema }),
);

// ---- Decisions

export const decisionData = z.object({ companyId: z.string(), status: z.enum(applicationStatuses), decidedAt: z.string(), case: caseStateSchema });
export const decisionResponse = envelope(decisionData);

export const rejectRequest = z.object({
  reason: requiredText(REJECTION_REASON_MAX, backOfficeMessages.reasonRequired),
  /** true: the company cannot resubmit; false: it may change anything and submit again. */
  final: z.boolean(backOfficeMessages.finalRequired),
});
export type RejectRequest = z.input<typeof rejectRequest>;

export const reviewItemInput = z
  .object({
    target: z.enum(reviewTargets),
    /** docKey for a document, the representative's id or email, or 'bank'. */
    key: serverChecks(
      text().trim().min(1).max(254),
      "For a document, one of the application's document slots (certificate, proofOfAddress, memart, license, dueDiligence); 'bank' for the bank; a representative's id or email.",
    ),
    reason: z.enum(reviewReasons),
    note: serverChecks(text().trim().max(REVIEW_ITEM_NOTE_MAX), "Required when reason is 'other'.").optional(),
  })
  .superRefine((item, ctx) => {
    if (item.reason === 'other' && !item.note) ctx.addIssue({ code: 'custom', path: ['note'], message: backOfficeMessages.itemNoteRequired });
    if (item.target === 'document' && !(docKeys as readonly string[]).includes(item.key)) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: backOfficeMessages.itemUnknownDocument });
    }
    if (item.target === 'bank' && item.key !== 'bank') ctx.addIssue({ code: 'custom', path: ['key'], message: backOfficeMessages.itemBankKey });
  });
export type ReviewItemInput = z.input<typeof reviewItemInput>;

export const requestChangesRequest = z.object({
  items: z.array(reviewItemInput).min(1, backOfficeMessages.itemsRequired).max(REVIEW_ITEMS_MAX),
});
export type RequestChangesRequest = z.input<typeof requestChangesRequest>;

/** Holding a company's live payouts (issue 13): it keeps collecting, nothing is paid out until released. */
export const PAYOUT_HOLD_REASON_MAX = 500;
export const payoutHoldMessages = {
  reasonRequired: 'Give the reason the company will see.',
  reasonTooLong: `A reason is at most ${PAYOUT_HOLD_REASON_MAX} characters.`,
  held: 'Live payouts put on hold.',
  released: 'Live payouts released.',
  loaded: 'Payout hold loaded.',
  alreadyHeld: 'Live payouts are already on hold for this company.',
  notHeld: 'Live payouts are not on hold for this company.',
} as const;
export const payoutHoldRequest = z.object({
  reason: text(payoutHoldMessages.reasonRequired).trim().min(1, payoutHoldMessages.reasonRequired).max(PAYOUT_HOLD_REASON_MAX, payoutHoldMessages.reasonTooLong),
});
export const payoutHoldResponse = envelope(z.object({ hold: z.object({ reason: z.string(), since: z.string() }).nullable() }));

/**
 * Live refunds Paystack says need attention (its `needs-attention` status: the refund waits for the customer's bank
 * account details), for staff to finish on Paystack: pending, their money set aside, oldest first.
 */
export const REFUNDS_NEEDING_ATTENTION_MAX = 100;
export const refundAttentionMessages = { loaded: 'Refunds needing attention loaded.' } as const;
export const refundNeedingAttentionSchema = z.object({
  id: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  /** The business's reference for the payment (unique in its company and mode only). */
  transactionReference: z.string(),
  /** The payment's reference at Paystack (unique across FiPay), to find it on Paystack's dashboard. */
  paystackReference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** Paystack's id for the refund, to find it on Paystack's dashboard. */
  paystackRefundId: z.string().nullable(),
  createdAt: z.string(),
  /** When Paystack first said the refund needs attention. */
  needsAttentionSince: z.string(),
});
export type RefundNeedingAttention = z.infer<typeof refundNeedingAttentionSchema>;
export const refundsNeedingAttentionResponse = envelope(z.object({ refunds: z.array(refundNeedingAttentionSchema), total: z.number().int() }));

/**
 * Whether this server can take live payments, for its operators (docs/decisions/0056-operators-see-live-readiness.md,
 * refining 0045): the payment provider's key, whether the provider answers it, the public address, and the webhooks
 * that arrive, each with what to do when it fails (the README's "Going live with Paystack"). No key, no internal
 * address: the provider's answer is given in plain words.
 */
export const liveReadinessMessages = { loaded: 'Live payment readiness loaded.' } as const;
export const providerStates = ['ready', 'not_set_up', 'key_refused', 'unreachable'] as const;
/** `unknown`: nothing to judge by yet (no key to ask with, or no webhook arrived so far). */
export const readinessCheckStatuses = ['ok', 'failing', 'unknown'] as const;
export const readinessCheckIds = ['key', 'provider', 'address', 'webhook'] as const;
export type ReadinessCheckId = (typeof readinessCheckIds)[number];

/** Each check's title, and what it says and asks for in each status. */
export const liveReadinessTexts = {
  key: {
    title: 'Secret key',
    ok: 'PAYSTACK_SECRET_KEY is set.',
    failing: 'PAYSTACK_SECRET_KEY is not set, so live charges, refunds and payouts are refused.',
    action:
      "Set PAYSTACK_SECRET_KEY to the secret key of FiPay's Paystack account (sk_live_…, from Paystack's dashboard: Settings, API Keys & Webhooks) and BANK_PROVIDER=paystack, then restart the server.",
  },
  provider: {
    title: 'Paystack answers',
    notAsked: 'Not asked: there is no key to ask with.',
    keyRefusedAction:
      "Replace PAYSTACK_SECRET_KEY with the account's current secret key from Paystack's dashboard (Settings, API Keys & Webhooks), then restart the server. A key regenerated there, or a public key (pk_…), is refused.",
    unreachableAction:
      'Check that this server can reach Paystack over HTTPS (firewall, DNS, outbound proxy) and that PAYSTACK_BASE_URL is https://api.paystack.co. FiPay asks again every 15 seconds, and live payments resume by themselves once Paystack answers.',
  },
  address: {
    title: 'Public address',
    ok: 'APP_URL is an https address.',
    failing: 'APP_URL is not an https address, so Paystack cannot send webhooks to it or customers back to it.',
    action: 'Set APP_URL to the https address customers reach this server at, restart the server, then register the new webhook URL on Paystack.',
  },
  webhook: {
    title: 'Webhooks arrive',
    ok: 'The last webhook from Paystack had a valid signature.',
    unknown: 'No webhook from Paystack has arrived yet. Paystack cannot be asked whether the URL is registered; the first live payment tells.',
    unknownAction:
      "Register the webhook URL as the Live Webhook URL on Paystack's dashboard (Settings, API Keys & Webhooks). Until webhooks arrive, live payments are still settled by the charge check, from 10 minutes after they start.",
    failing: 'The last webhook to arrive did not carry a valid signature, so it was refused.',
    noKeyAction: 'Set PAYSTACK_SECRET_KEY first (see Secret key): without it no webhook can be checked, so every one is refused.',
    failingAction:
      'Paystack signs each webhook with the secret key of the account that sends it: make sure PAYSTACK_SECRET_KEY belongs to the account whose dashboard has this webhook URL (a live key for the Live Webhook URL). Anyone can send requests to the address, so a single refusal between valid webhooks may be noise.',
  },
} as const;

export const readinessCheckSchema = z.object({
  id: z.enum(readinessCheckIds),
  title: z.string(),
  status: z.enum(readinessCheckStatuses),
  /** What holds now, in plain words. */
  detail: z.string(),
  /** What to do about it; null when nothing is to be done. */
  action: z.string().nullable(),
});
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

export const liveReadinessSchema = z.object({
  /** Live payments can be taken on this server now: the provider is set up and answers. */
  ready: z.boolean(),
  provider: z.object({
    name: z.string(),
    configured: z.boolean(),
    state: z.enum(providerStates),
    /** When the provider was last asked; null when it never was (no key). */
    checkedAt: z.string().nullable(),
    /** Its answer then, in plain words. */
    answer: z.string().nullable(),
  }),
  webhook: z.object({
    /** The address to register on the provider's dashboard. */
    url: z.string(),
    /** The last arrival, signed or refused (each time kept to the minute). */
    lastArrivalAt: z.string().nullable(),
    /** Whether that last arrival's signature was valid; null when none has arrived. */
    lastArrivalSigned: z.boolean().nullable(),
    lastSignedAt: z.string().nullable(),
    lastRefusedAt: z.string().nullable(),
  }),
  checks: z.array(readinessCheckSchema),
});
export type LiveReadinessReport = z.infer<typeof liveReadinessSchema>;
export const liveReadinessResponse = envelope(liveReadinessSchema);
