const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const dateTime = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const lagosDateTime = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' });

/** The date and time in Lagos, whatever the reader's own time zone, e.g. '23 Nov 2026, 07:49'. */
export function formatLagosDateTime(iso: string) {
  return lagosDateTime.format(new Date(iso));
}

/** The full date and time, e.g. '23 Nov 2026, 07:49'. */
export function formatDateTime(iso: string) {
  return dateTime.format(new Date(iso));
}

/** 'Just now', '5 minutes ago', 'yesterday' for the last week; the date and time after that. */
export function formatCreatedAt(iso: string, now = Date.now()) {
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (seconds < MINUTE) return 'Just now';
  if (seconds < HOUR) return relative.format(-Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return relative.format(-Math.floor(seconds / HOUR), 'hour');
  if (seconds < 7 * DAY) return relative.format(-Math.floor(seconds / DAY), 'day');
  return formatDateTime(iso);
}
