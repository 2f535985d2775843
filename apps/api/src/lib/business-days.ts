import { addDays, isWeekend, lagosDay, lagosDayStart } from './lagos';
import { isPublicHoliday } from './ng-holidays';

/**
 * Nigerian business days, on which banks settle (docs/decisions/0035-public-holidays.md): Lagos days that are
 * neither a Saturday, a Sunday nor a public holiday (known in advance by lib/ng-holidays.ts, or `declared`: the
 * operator's PUBLIC_HOLIDAYS). Shared by whatever counts banking days: charges becoming available, payouts, a
 * wallet's funding. Days are YYYY-MM-DD Lagos days.
 */

/** Whether the Lagos day `day` is a business day. */
export function isBusinessDay(day: string, declared?: ReadonlySet<string>): boolean {
  return !isWeekend(day) && !isPublicHoliday(day, declared);
}

/** The `count`th business day after the Lagos day `day` (the day itself never counts; `count` at least 1). */
export function addBusinessDays(day: string, count: number, declared?: ReadonlySet<string>): string {
  let next = day;
  for (let left = Math.max(1, count); left > 0; left -= 1) {
    do next = addDays(next, 1);
    while (!isBusinessDay(next, declared));
  }
  return next;
}

/** 00:00 in Lagos of the next business day after the instant `at`. */
export function nextBusinessDay(at: Date, declared?: ReadonlySet<string>): Date {
  return lagosDayStart(addBusinessDays(lagosDay(at), 1, declared));
}
