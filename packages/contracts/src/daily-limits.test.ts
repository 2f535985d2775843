import { describe, expect, it } from 'vitest';
import { createLimitRequestBody, formatUsdLimit, limitDecisionBody } from './daily-limits';

describe('daily limits', () => {
  it("print US cents as SPEC writes limits: '1000 USD', cents only when there are some", () => {
    expect(formatUsdLimit(100_000n)).toBe('1000 USD');
    expect(formatUsdLimit(74_950n)).toBe('749.50 USD');
    expect(formatUsdLimit(1n)).toBe('0.01 USD');
    expect(formatUsdLimit(0n)).toBe('0 USD');
    expect(formatUsdLimit(10n ** 12n)).toBe('10000000000 USD');
  });

  it('parse the expected monthly volume exactly as a person types it, refusing what is not an amount of USD', () => {
    const parse = (expectedMonthlyVolume: unknown) => createLimitRequestBody.safeParse({ expectedMonthlyVolume, purpose: 'Suppliers abroad.', sourceOfFunds: 'Revenue' });
    expect(parse('$25,000.50').data?.expectedMonthlyVolume).toBe(2_500_050n);
    expect(parse(' 1000 USD ').data?.expectedMonthlyVolume).toBe(100_000n);
    for (const bad of ['', '0', '-1', '1.001', '1e5', 'NGN 100', '1,00', 25000, null]) expect(parse(bad).success, String(bad)).toBe(false);
  });

  it('take custom limits as digit strings of cents and a reason for every decision', () => {
    expect(limitDecisionBody.parse({ decision: 'grant_custom', tradeCents: '2500000', sendCents: '0', reason: 'Importer.' })).toMatchObject({ tradeCents: 2_500_000n, sendCents: 0n });
    expect(limitDecisionBody.safeParse({ decision: 'grant_custom', tradeCents: '25000.00', sendCents: '1', reason: 'x' }).success).toBe(false);
    expect(limitDecisionBody.safeParse({ decision: 'grant_tier', tier: 'approved', reason: 'x' }).success).toBe(false);
    expect(limitDecisionBody.safeParse({ decision: 'decline', reason: '' }).success).toBe(false);
  });
});
