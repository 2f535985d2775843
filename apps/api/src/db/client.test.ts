import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPgliteDb, DatabaseInUseError } from './client';

describe('embedded database lock', () => {
  it('refuses a second opener while the first holds the data folder, and frees it on close', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'fipay-lock-')), 'pgdata');
    const first = createPgliteDb(dir);
    await first.query('SELECT 1');
    expect(() => createPgliteDb(dir)).toThrow(DatabaseInUseError);
    expect(() => createPgliteDb(dir)).toThrow(`is in use by process ${process.pid}`);
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);

    const again = createPgliteDb(dir);
    expect((await again.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n).toBe(1);
    await again.close();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'fipay-lock-')), 'pgdata');
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => child.once('exit', resolve));
    writeFileSync(`${dir}.lock`, String(child.pid));
    const db = createPgliteDb(dir);
    expect((await db.query<{ n: number }>('SELECT 2 AS n')).rows[0]!.n).toBe(2);
    await db.close();
  });
});
