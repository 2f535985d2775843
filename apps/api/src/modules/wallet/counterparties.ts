import pg from 'pg';
import { walletMessages, type Counterparty } from '@fipay/contracts/wallet';
import type { Queryable } from '../../db/client';
import type { Scope } from '../webhooks/events';
import { OTHER_MODULES_COUNTERPARTY_SQL } from './counterparty-sql';

/**
 * Who is on the other side of a statement line, by the kind of the line's ledger entry
 * (docs/decisions/0072-the-wallet-page-statements-and-test-funds.md). A module that posts entries of its own kind
 * registers a resolver for it: given the references of a page's entries of that kind (one call per kind per page,
 * never one per line) and the company whose statement it is, it answers the counterparty of each reference it knows.
 * Kinds with no resolver, and references a resolver leaves out, have none.
 */
export type CounterpartyResolver = (db: Queryable, references: string[], viewer: Scope) => Promise<Map<string, Counterparty>>;

const resolvers = new Map<string, CounterpartyResolver>([
  ['test_funds', async (_db, references) => new Map(references.map((reference) => [reference, { name: walletMessages.testFundsCounterparty, tag: null }]))],
]);

/** Registers the resolver of an entry kind (at start, from the module that posts that kind); a kind has one. */
export function registerCounterpartyResolver(kind: string, resolver: CounterpartyResolver): void {
  if (resolvers.has(kind)) throw new Error(`A counterparty resolver for ${kind} is registered already`);
  resolvers.set(kind, resolver);
}

/**
 * A resolver's answer written as SQL, for the statement export the database formats line by line
 * (docs/decisions/0079-the-statement-export-streams-from-copy.md): a SELECT of at most one row of two text columns,
 * `name` and `tag`, for one line, given SQL expressions of the line's entry reference and of the viewer's company id
 * (a uuid) and mode (a boolean). It must answer what the kind's resolver answers for that line, and nothing when the
 * resolver would leave the reference out.
 */
export type CounterpartySql = (line: { reference: string }, viewer: { companyId: string; livemode: string }) => string;

const sqlForms = new Map<string, CounterpartySql>([
  ['test_funds', () => `SELECT ${pg.escapeLiteral(walletMessages.testFundsCounterparty)}::text AS name, NULL::text AS tag`],
  ...OTHER_MODULES_COUNTERPARTY_SQL,
]);

/** Registers the SQL form of a kind's resolver; a kind has one. */
export function registerCounterpartySql(kind: string, form: CounterpartySql): void {
  if (sqlForms.has(kind)) throw new Error(`A counterparty SQL form for ${kind} is registered already`);
  sqlForms.set(kind, form);
}

/** The kinds that have a resolver but no SQL form: an export that would meet them formats its lines here instead. */
export const kindsWithoutSql = (): string[] => [...resolvers.keys()].filter((kind) => !sqlForms.has(kind));

/**
 * The SQL form of every kind that has a resolver, when each has one (else null). A kind with a SQL form but no
 * resolver (a module not loaded) has no counterparty on the statement page, so none here either.
 */
export function counterpartySqlForms(): Map<string, CounterpartySql> | null {
  if (kindsWithoutSql().length > 0) return null;
  return new Map([...sqlForms].filter(([kind]) => resolvers.has(kind)));
}

const keyOf = (kind: string, reference: string) => `${kind}\u0000${reference}`;

/** The counterparties of these entries, one resolver call per kind: read them back with `counterpartyOf`. */
export async function resolveCounterparties(db: Queryable, viewer: Scope, entries: { kind: string; reference: string }[]): Promise<Map<string, Counterparty>> {
  const byKind = new Map<string, Set<string>>();
  for (const entry of entries) {
    if (!resolvers.has(entry.kind)) continue;
    byKind.set(entry.kind, (byKind.get(entry.kind) ?? new Set()).add(entry.reference));
  }
  const found = new Map<string, Counterparty>();
  const scope: Scope = { companyId: viewer.companyId, livemode: viewer.livemode };
  for (const [kind, references] of byKind) {
    const answers = await resolvers.get(kind)!(db, [...references], scope);
    for (const [reference, counterparty] of answers) found.set(keyOf(kind, reference), counterparty);
  }
  return found;
}

export const counterpartyOf = (found: Map<string, Counterparty>, entry: { kind: string; reference: string }): Counterparty | null =>
  found.get(keyOf(entry.kind, entry.reference)) ?? null;
