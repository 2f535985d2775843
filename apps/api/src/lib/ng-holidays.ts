/**
 * Nigeria's public holidays, on which banks do not settle (docs/decisions/0035-public-holidays.md). The dates
 * fixed by the Public Holidays Act and the Easter holidays are known in advance; the Islamic holidays (Id el
 * Fitr, Id el Kabir, Id el Maulud) follow the moon and are declared by the Federal Government shortly before,
 * as are substitute days for holidays on a weekend: the operator lists those in PUBLIC_HOLIDAYS. Days are
 * YYYY-MM-DD Lagos days.
 */

/** New Year's Day, Workers' Day, Democracy Day, Independence Day, Christmas Day and Boxing Day. */
const FIXED = ['01-01', '05-01', '06-12', '10-01', '12-25', '12-26'];

/** Easter Sunday of `year` in the Gregorian calendar (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const known = new Map<number, Set<string>>();

/** The holidays of `year` that are known in advance: the fixed ones, Good Friday and Easter Monday. */
export function knownHolidays(year: number): Set<string> {
  let days = known.get(year);
  if (!days) {
    const easter = easterSunday(year);
    days = new Set([...FIXED.map((date) => `${year}-${date}`), shift(easter, -2), shift(easter, 1)]);
    known.set(year, days);
  }
  return days;
}

/** Whether `day` is a public holiday: known in advance, or declared (`declared`, from PUBLIC_HOLIDAYS). */
export function isPublicHoliday(day: string, declared: ReadonlySet<string> = new Set()): boolean {
  return declared.has(day) || knownHolidays(Number(day.slice(0, 4))).has(day);
}
