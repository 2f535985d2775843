import { walletMessages, type Counterparty } from '@fipay/contracts/wallet';
import type { Queryable } from '../../db/client';
import type { Scope } from '../webhooks/events';

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
