/**
 * Calendar days as the businesses see them: Lagos keeps West Africa Time, UTC+1, all year (no daylight
 * saving), so a day is a fixed 24-hour span starting at 23:00 UTC the day before. Days are YYYY-MM-DD.
 */
const OFFSET_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The Lagos day that `at` falls in. */
export const lagosDay = (at: Date = new Date()): string => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** The instant a Lagos day begins. */
export const lagosDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);

/** The day `count` days after `day` (before, when negative). */
export const addDays = (day: string, count: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);

/** Whether a day is a Saturday or a Sunday. */
export const isWeekend = (day: string): boolean => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
