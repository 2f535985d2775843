import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import type { AppContext } from '../../context';
import { paymentJobs } from './jobs';

describe('PAYOUTS_SCHEDULE', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-payout-schedule-'));
  const jobNames = (env: Record<string, string>) => paymentJobs({ config: loadConfig({ DATA_DIR: dataDir, ...env }) } as AppContext).map((job) => job.name);

  it('schedules the daily payouts by default, none when off, and refuses anything else', () => {
    expect(jobNames({})).toContain('payouts');
    const off = jobNames({ PAYOUTS_SCHEDULE: 'off' });
    expect(off).not.toContain('payouts');
    // The other payment jobs run all the same.
    expect(off).toEqual(jobNames({}).filter((name) => name !== 'payouts'));
    expect(() => loadConfig({ DATA_DIR: dataDir, PAYOUTS_SCHEDULE: 'weekly' })).toThrow(ConfigError);
  });
});
