/**
 * One owner's rows, newest first by `seq`, read through the owner's `(owner, [livemode,] seq DESC)` index
 * (docs/decisions/0107-an-owner-s-page-reads-the-owner-s-own-rows.md). The owner is matched by a range
 * (`>= $n AND <= $n`) and the order names it, as a statement's account is (ADR 0104): with `=`, PostgreSQL takes the
 * owner for a constant, drops it from the order, and may walk the table's `seq` index through every owner's newer rows
 * (a generic plan, which does not know the owner, expects an average owner's share of them close to the top).
 *
 * `where` goes into the page's WHERE with the owner's other conditions (its mode, as an equality, among them);
 * `orderBy` is the page's ORDER BY. Conditions given only when they apply, the cursor as `seq < $m`, bound the scan.
 */
export function ownerSeqOrder(alias: string, ownerColumn: string, ownerParam: string): { where: string; orderBy: string } {
  const owner = `${alias}.${ownerColumn}`;
  return { where: `${owner} >= ${ownerParam} AND ${owner} <= ${ownerParam}`, orderBy: `${owner}, ${alias}.seq DESC` };
}
