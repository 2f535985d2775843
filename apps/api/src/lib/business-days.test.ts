import { describe, expect, it } from 'vitest';
import { addBusinessDays, isBusinessDay, nextBusinessDay } from './business-days';

describe('Nigerian business days', () => {
  it('count business days in Lagos, without weekends and public holidays', () => {
    // Friday 23:30 in Lagos is Friday 22:30 UTC: the next business day is Monday, from 00:00 Lagos.
    expect(nextBusinessDay(new Date('2026-11-27T22:30:00Z')).toISOString()).toBe('2026-11-29T23:00:00.000Z');
    // Tuesday 00:30 in Lagos (Monday 23:30 UTC): Wednesday 00:00 Lagos.
    expect(nextBusinessDay(new Date('2026-11-23T23:30:00Z')).toISOString()).toBe('2026-11-24T23:00:00.000Z');
    // Christmas Eve (Thursday): Christmas, Boxing Day and the weekend pass; Monday 28 December.
    expect(nextBusinessDay(new Date('2026-12-24T09:00:00Z')).toISOString()).toBe('2026-12-27T23:00:00.000Z');
    // Thursday before Easter: Good Friday, the weekend and Easter Monday pass; Tuesday 7 April.
    expect(nextBusinessDay(new Date('2026-04-02T09:00:00Z')).toISOString()).toBe('2026-04-06T23:00:00.000Z');
    // A holiday the Government declared (given in PUBLIC_HOLIDAYS), e.g. Id el Fitr on a Wednesday.
    expect(nextBusinessDay(new Date('2027-03-09T09:00:00Z'), new Set(['2027-03-10'])).toISOString()).toBe('2027-03-10T23:00:00.000Z');
  });

  it('tell business days and step over several at once', () => {
    expect(isBusinessDay('2026-11-27')).toBe(true);
    expect(isBusinessDay('2026-11-28')).toBe(false);
    expect(isBusinessDay('2026-10-01')).toBe(false);
    expect(isBusinessDay('2027-03-10', new Set(['2027-03-10']))).toBe(false);
    // Wednesday 23 December + 3 business days: Thursday 24, then Christmas, Boxing Day and the weekend pass: Monday 28, Tuesday 29.
    expect(addBusinessDays('2026-12-23', 3)).toBe('2026-12-29');
    // From a Saturday, the first business day is Monday.
    expect(addBusinessDays('2026-11-28', 1)).toBe('2026-11-30');
  });
});
