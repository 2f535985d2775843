import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createTestDb } from '../../test/db';
import { assertMove, statusesBefore, statusTransitions, UnexpectedStateError, type StatusTable } from './transitions';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await migrate(db);
});
afterAll(() => drop());

const tables = Object.keys(statusTransitions) as StatusTable[];
const statusesOf = (table: StatusTable) => [...new Set(statusTransitions[table].flatMap((t) => [t.from, t.to]))];

describe('status transitions', () => {
  it('are the same table in the code and in the database', async () => {
    const { rows } = await db.query<{ table_name: string; from_status: string; to_status: string; provider: string | null }>(
      'SELECT table_name, from_status, to_status, provider FROM status_transitions ORDER BY 1, 2, 3',
    );
    const code = tables
      .flatMap((table) => statusTransitions[table].map((t) => ({ table_name: table, from_status: t.from, to_status: t.to, provider: 'provider' in t ? t.provider : null })))
      .sort((a, b) => `${a.table_name} ${a.from_status} ${a.to_status}`.localeCompare(`${b.table_name} ${b.from_status} ${b.to_status}`));
    expect(rows).toEqual(code);
  });

  it('are all the database lets a row do, every other move refused with the moves that were possible', async () => {
    // Tables of the guarded names in a schema of their own: the guard reads the table's name and the row's provider.
    await db.exec('CREATE SCHEMA IF NOT EXISTS transition_check');
    for (const table of tables) {
      await db.exec(`CREATE TABLE transition_check.${table} (id int PRIMARY KEY, status text NOT NULL, provider text);
        CREATE TRIGGER guard BEFORE UPDATE OF status ON transition_check.${table} FOR EACH ROW EXECUTE FUNCTION public.status_transition_guard();`);
      let id = 0;
      for (const provider of [null, 'paystack', 'sandbox']) {
        for (const from of statusesOf(table)) {
          for (const to of statusesOf(table).filter((s) => s !== from)) {
            id += 1;
            await db.query(`INSERT INTO transition_check.${table} (id, status, provider) VALUES ($1, $2, $3)`, [id, from, provider]);
            const allowed = statusesBefore(table, to as never, provider ?? undefined).includes(from as never);
            const moved = db.query(`UPDATE transition_check.${table} SET status = $2 WHERE id = $1`, [id, to]);
            if (allowed) {
              await moved;
              expect(() => assertMove(table, { id: String(id), status: from, provider }, to as never)).not.toThrow();
            } else {
              const possible = statusTransitions[table].filter((t) => t.from === from && (!('provider' in t) || t.provider === provider)).map((t) => t.to).sort();
              await expect(moved).rejects.toThrow(`a ${from} row of ${table} cannot become ${to}; it may become ${possible.length ? possible.join(' or ') : 'nothing else'}`);
              expect(() => assertMove(table, { id: String(id), status: from, provider }, to as never)).toThrow(UnexpectedStateError);
            }
          }
        }
      }
    }
  });

  it('name the object, its status and what was expected when the code finds another', () => {
    expect(() => assertMove('refunds', { id: 'rf_1', status: 'processed' }, 'failed')).toThrow('refund rf_1 is processed; expected pending');
    expect(() => assertMove('transactions', { id: 'tx_1', status: 'failed', provider: 'sandbox' }, 'success')).toThrow('transaction tx_1 is failed; expected pending');
    expect(() => assertMove('transactions', { id: 'tx_2', status: 'failed', provider: 'paystack' }, 'success')).not.toThrow();
    expect(() => assertMove('payouts', { id: 'po_1', status: 'paid', provider: null }, 'failed')).toThrow('payout po_1 is paid; expected pending');
  });
});
