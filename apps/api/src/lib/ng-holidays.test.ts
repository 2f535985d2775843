import { describe, expect, it } from 'vitest';
import { easterSunday, isPublicHoliday, knownHolidays } from './ng-holidays';

describe("Nigeria's public holidays", () => {
  it('finds Easter Sunday in any year', () => {
    const published = { 2000: '2000-04-23', 2019: '2019-04-21', 2024: '2024-03-31', 2025: '2025-04-20', 2026: '2026-04-05', 2027: '2027-03-28', 2038: '2038-04-25' };
    for (const [year, day] of Object.entries(published)) expect(easterSunday(Number(year))).toBe(day);
  });

  it('knows the fixed holidays and the Easter ones in advance, and the declared ones when told', () => {
    expect([...knownHolidays(2026)].sort()).toEqual(['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-06-12', '2026-10-01', '2026-12-25', '2026-12-26']);
    expect(isPublicHoliday('2027-03-26')).toBe(true); // Good Friday 2027
    expect(isPublicHoliday('2027-03-10')).toBe(false);
    expect(isPublicHoliday('2027-03-10', new Set(['2027-03-10']))).toBe(true);
  });
});
