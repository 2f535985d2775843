import type { Db, Queryable } from '../db/client';

/**
 * Rows tests write straight into a test database, below the API: a company to hold accounts and rows, and the
 * plans PostgreSQL chooses for a statement or a page.
 */

let companies = 0;

/** A company row with nothing but what the table requires; its name and email numbered after `label` ("Ledger Test 3", ledger-test-3@example.ng). */
export async function insertCompany(db: Queryable, label: string): Promise<string> {
  companies += 1;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
     VALUES ($1, $2, '+2348012345678', 'https://example.ng', 160, '1 Marina Road, Lagos', 'RC1234567') RETURNING id`,
    [`${label} ${companies}`, `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${companies}@example.ng`],
  );
  return rows[0]!.id;
}

/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)`'s plan, with the fields the tests read. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};

/**
 * The executed plan of `statement` (an EXPLAIN's target: a query, or EXECUTE of a prepared one), with the blocks each
 * node touched (its children's included). node-postgres hands the JSON over parsed, PGlite as text.
 */
export async function analyzedPlan(db: Queryable, statement: string, values?: unknown[]): Promise<PlanNode> {
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement}`, values);
  const raw = rows[0]!['QUERY PLAN'];
  return (typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: PlanNode }]) : raw)[0].Plan;
}

/** The plan's nodes, the root first. */
export const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

/**
 * The executed plans of `text` (a statement with parameters `values`), prepared and run once with custom plans and
 * once with a generic plan: for each, the nodes that read `relation` (the table or one of its indexes, named after it).
 */
export async function preparedPlans(db: Db, text: string, values: unknown[], relation: string): Promise<{ mode: string; reads: PlanNode[] }[]> {
  const literals = values.map((value) => (value === null ? 'NULL' : `'${value instanceof Date ? value.toISOString() : String(value)}'`)).join(', ');
  return db.transaction(async (tx) => {
    await tx.query(`PREPARE plan_under_test AS ${text}`);
    const plans: { mode: string; reads: PlanNode[] }[] = [];
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      await tx.query(`SET LOCAL plan_cache_mode = ${mode}`);
      const plan = await analyzedPlan(tx, `EXECUTE plan_under_test(${literals})`);
      plans.push({ mode, reads: planNodes(plan).filter((node) => node['Relation Name'] === relation || node['Index Name']?.startsWith(relation)) });
    }
    await tx.query('DEALLOCATE plan_under_test');
    return plans;
  });
}

/** Rows `reads` handed on or threw away, over every loop. */
export const rowsRead = (reads: PlanNode[]) => reads.reduce((sum, node) => sum + ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1), 0);

/** Blocks the scans of `relation` among `reads` touched (a bitmap scan's index included; read or found in memory). */
export const blocksOf = (reads: PlanNode[], relation: string) =>
  reads.filter((node) => node['Relation Name'] === relation).reduce((sum, node) => sum + (node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0), 0);
