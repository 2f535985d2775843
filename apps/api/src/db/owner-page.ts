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

/**
 * A SELECT of the newest `limit` rows of `table` (all its columns) whose owner, in any of `ownerColumns`, is `owner`,
 * newest first: each column's rows are a page of their own through that column's index (`ownerSeqOrder`), and the pages
 * are merged. For a row with two parties (a transfer's sender and recipient, a trade's seller and buyer), which an
 * `OR` of the two would have PostgreSQL read by walking the `seq` index; the tables' CHECKs keep the two parties
 * different, so no row is in both pages. `conditions` are on the table's rows as `s`.
 */
export function ownerPageSql(table: string, ownerColumns: readonly string[], conditions: readonly string[], params: { owner: string; limit: string }): string {
  const page = (column: string) => {
    const order = ownerSeqOrder('s', column, params.owner);
    return `(SELECT s.* FROM ${table} s WHERE ${[order.where, ...conditions].join(' AND ')} ORDER BY ${order.orderBy} LIMIT ${params.limit})`;
  };
  return `SELECT * FROM (${ownerColumns.map(page).join(' UNION ALL ')}) p ORDER BY p.seq DESC LIMIT ${params.limit}`;
}
