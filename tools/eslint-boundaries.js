// Keeps the web app's imports flowing one way: shared code (components, lib,
// stores, config) -> features -> app. A feature never imports another feature,
// and shared code never imports a feature or the app shell.
import path from 'node:path';

function layerOf(file) {
  const match = file.split(path.sep).join('/').match(/apps\/web\/src\/([^/]+)(?:\/([^/]+))?/);
  if (!match) return null;
  const [, top, sub] = match;
  if (top === 'features') return { layer: 'feature', name: sub };
  if (top === 'app' || top === 'main.tsx') return { layer: 'app' };
  return { layer: 'shared' };
}

export const boundaries = {
  rules: {
    'web-import-direction': {
      meta: { type: 'problem', messages: { banned: '{{from}} must not import {{to}} (imports flow shared -> features -> app).' } },
      create(context) {
        const from = layerOf(context.filename);
        if (!from) return {};
        return {
          ImportDeclaration(node) {
            const source = node.source.value;
            if (typeof source !== 'string' || !source.startsWith('.')) return;
            const to = layerOf(path.resolve(path.dirname(context.filename), source));
            if (!to) return;
            const crossFeature = from.layer === 'feature' && to.layer === 'feature' && from.name !== to.name;
            const upward = (from.layer === 'shared' && to.layer !== 'shared') || (from.layer === 'feature' && to.layer === 'app');
            if (crossFeature || upward) {
              const label = (l) => (l.layer === 'feature' ? `feature "${l.name}"` : `${l.layer} code`);
              context.report({ node, messageId: 'banned', data: { from: label(from), to: label(to) } });
            }
          },
        };
      },
    },
  },
};

// The API's parts, by where a file sits under apps/api/src: `modules/<name>` is that module, anything else its
// top folder (lib, db, mail, storage, banks, providers, plugins, jobs) or the file itself (config.ts, app.ts).
function apiPartOf(file) {
  const match = file.split(path.sep).join('/').match(/apps\/api\/src\/([^/]+)(?:\/([^/]+))?/);
  if (!match) return null;
  const [, top, sub] = match;
  if (top === 'modules') return sub ?? null;
  return top.replace(/\.ts$/, '');
}

/** Shared code: it serves the modules and never imports one. */
const API_SHARED = new Set(['lib', 'db', 'mail', 'storage', 'banks', 'providers', 'config']);

/**
 * Which part writes each table (docs/decisions/0052-api-module-boundaries-and-commit-wake-ups.md). A
 * second writer is listed only where one feature has two sides: KYB's company side and its reviewers' side,
 * a company's record made at sign-up and its payouts held by a reviewer. `jobs` deletes and forgets what is
 * past its retention (jobs/clean-up.ts) and writes nothing else. Tables not listed here are refused to all.
 */
export const API_TABLE_WRITERS = {
  users: ['auth'],
  companies: ['auth', 'back-office'],
  refresh_tokens: ['auth', 'jobs'],
  recovery_codes: ['auth'],
  user_tokens: ['auth', 'jobs'],
  email_otp_codes: ['auth', 'jobs'],
  sign_in_proofs: ['auth', 'jobs'],
  email_preferences: ['account'],
  audit_log: ['audit'],
  kyb_applications: ['kyb', 'back-office'],
  kyb_bank_details: ['kyb'],
  kyb_documents: ['kyb'],
  kyb_representatives: ['kyb', 'jobs'],
  kyb_review_items: ['kyb', 'back-office'],
  kyb_review_notes: ['back-office'],
  reviewers: ['back-office'],
  reviewer_sessions: ['back-office', 'jobs'],
  reviewer_tokens: ['back-office', 'jobs'],
  reviewer_recovery_codes: ['back-office'],
  notifications: ['notifications'],
  api_keys: ['developers'],
  idempotency_keys: ['plugins', 'jobs'],
  events: ['webhooks', 'jobs'],
  webhook_endpoints: ['webhooks'],
  webhook_deliveries: ['webhooks'],
  webhook_attempts: ['webhooks'],
  outbox_emails: ['mail'],
  ledger_accounts: ['ledger'],
  journal_entries: ['ledger'],
  journal_lines: ['ledger'],
  transactions: ['payments'],
  transaction_history: ['payments'],
  payment_links: ['payments'],
  refunds: ['payments'],
  payouts: ['payments'],
  transfer_recipients: ['payments'],
  money_totals: ['payments'],
  provider_events: ['payments', 'jobs'],
  provider_webhook_arrivals: ['payments'],
  provider_inbox: ['payments', 'jobs'],
  rates: ['rates'],
  fipay_tags: ['tags'],
  payment_methods: ['payment-methods'],
  transfers: ['transfers'],
  withdrawals: ['withdrawals'],
  offers: ['marketplace'],
  offer_methods: ['marketplace'],
  trades: ['marketplace'],
  trade_disputes: ['marketplace'],
  trade_dispute_statements: ['marketplace'],
  offer_favorites: ['marketplace'],
  trade_feedback: ['marketplace'],
  partner_marks: ['marketplace'],
  company_badges: ['marketplace'],
  trade_messages: ['marketplace'],
  trade_reads: ['marketplace'],
  limit_usage: ['limits'],
  limit_consumptions: ['limits'],
  limit_grants: ['limits'],
  limit_requests: ['limits'],
  wallet_test_funds: ['wallet'],
  wallet_test_funds_days: ['wallet'],
  wallet_freezes: ['ledger'],
  announcements: ['community'],
};
/** Tables only their writer reads: the ledger's books are read through the ledger's functions. */
const API_PRIVATE_TABLES = new Set(['ledger_accounts', 'journal_entries', 'journal_lines']);

const WRITE = /\b(?:INSERT\s+INTO|DELETE\s+FROM)\s+([a-z_]+)|(?<!\bFOR\s(?:NO\s+KEY\s+)?|\bDO\s)\bUPDATE\s+([a-z_]+)(?:\s+(?:AS\s+)?[a-z_]+)?\s+SET\b/g;
const READ = /\b(?:FROM|JOIN)\s+([a-z_]+)/g;

boundaries.rules['api-import-direction'] = {
  meta: { type: 'problem', messages: { banned: 'shared code ({{from}}) must not import module "{{to}}" (modules use shared code, not the other way).' } },
  create(context) {
    const from = apiPartOf(context.filename);
    if (!from || !API_SHARED.has(from)) return {};
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = path.resolve(path.dirname(context.filename), source).split(path.sep).join('/');
        const module = target.match(/apps\/api\/src\/modules\/([^/]+)/);
        if (module) context.report({ node, messageId: 'banned', data: { from, to: module[1] } });
      },
    };
  },
};

boundaries.rules['api-table-owners'] = {
  meta: {
    type: 'problem',
    messages: {
      write: '"{{part}}" must not write table {{table}}: it belongs to {{owners}} (call a function of the owner; tools/eslint-boundaries.js).',
      read: '"{{part}}" must not read table {{table}}: it is private to {{owners}} (use its functions).',
    },
  },
  create(context) {
    const part = apiPartOf(context.filename);
    if (!part || part === 'db') return {};
    const check = (node, text) => {
      for (const match of text.matchAll(WRITE)) {
        const table = match[1] ?? match[2];
        const owners = API_TABLE_WRITERS[table];
        if (!owners?.includes(part)) context.report({ node, messageId: 'write', data: { part, table, owners: owners?.join(' and ') ?? 'no part (add it to the list)' } });
      }
      for (const match of text.matchAll(READ)) {
        const table = match[1];
        if (API_PRIVATE_TABLES.has(table) && !API_TABLE_WRITERS[table].includes(part)) {
          context.report({ node, messageId: 'read', data: { part, table, owners: API_TABLE_WRITERS[table].join(' and ') } });
        }
      }
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateLiteral(node) {
        check(node, node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' '));
      },
    };
  },
};

/**
 * Inside the payments module (docs/decisions/0055-payments-by-concept-and-payouts-by-name.md), imports run one way:
 * the files at its root that every concept shares (transaction rows, status transitions, money notices, live
 * readiness) import no concept; links, refunds and payouts import only those and never one another; charges may
 * import refunds and payouts (a charge's detail lists its refunds; a paid charge is put on the balance); the
 * root's wiring (routes, jobs, the provider inbox) imports any of them.
 */
const PAYMENTS_SHARED = new Set(['transaction-rows', 'transitions', 'money-notices', 'live-readiness']);
const PAYMENTS_CONCEPT_RANK = { links: 1, refunds: 1, payouts: 1, charges: 2 };
/** The root's wiring, in the order it imports: a provider's news routed to the concepts, its inbox, the jobs, the routes. */
const PAYMENTS_WIRING_RANK = { 'inbound-events': 3, 'provider-inbox': 4, jobs: 4, routes: 5 };

function paymentsPlaceOf(file) {
  const match = file.split(path.sep).join('/').match(/apps\/api\/src\/modules\/payments\/(.+)$/);
  if (!match) return null;
  const parts = match[1].split('/');
  if (parts.length > 1) return { name: parts[0], rank: PAYMENTS_CONCEPT_RANK[parts[0]] ?? 1 };
  const base = parts[0].replace(/(\.test)?\.tsx?$/, '');
  return PAYMENTS_SHARED.has(base) ? { name: base, rank: 0 } : { name: base, rank: PAYMENTS_WIRING_RANK[base] ?? 5 };
}

boundaries.rules['api-payments-direction'] = {
  meta: { type: 'problem', messages: { banned: 'payments/{{from}} must not import payments/{{to}} (inside payments, imports run shared -> links, refunds, payouts -> charges -> routes and jobs).' } },
  create(context) {
    if (/\.test\.tsx?$/.test(context.filename)) return {};
    const from = paymentsPlaceOf(context.filename);
    if (!from) return {};
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const to = paymentsPlaceOf(path.resolve(path.dirname(context.filename), source));
        if (!to || to.name === from.name) return;
        if (to.rank >= from.rank) context.report({ node, messageId: 'banned', data: { from: from.name, to: to.name } });
      },
    };
  },
};
