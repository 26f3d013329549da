// Display formats for times and sizes, and ShortDate, which shows a moment. Staff screens show one short form,
// "29 Nov, 08:53" (day, short month, 24-hour time), the same in every browser whatever its locale, with the
// full date on hover; the client's page (apps/web/src/review) keeps its long form in the client's language.
import { MONTHS } from '@handoff/core/dates';

const validDate = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

const twoDigits = (n: number) => String(n).padStart(2, '0');
/** "08:53": 24-hour time, local. */
const time = (date: Date) => `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
/** "29 Nov", with the year ("29 Nov 2025") when it is not this one. */
function shortDay(date: Date, now: Date): string {
  const day = `${date.getDate()} ${MONTHS[date.getMonth()]?.slice(0, 3)}`;
  return date.getFullYear() === now.getFullYear() ? day : `${day} ${date.getFullYear()}`;
}

/** A run time: "14:05" today, "12 Mar, 14:05" on another day. '' for a missing or invalid time. */
export function formatRunTime(iso: string | null | undefined, now: Date = new Date()): string {
  const date = validDate(iso);
  if (!date) return '';
  const sameDay =
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate();
  return sameDay ? time(date) : `${shortDay(date, now)}, ${time(date)}`;
}

/**
 * How far a time is from now, in words: "in 14 min", "3 h ago", "in 2 days"; "in less than a minute" or
 * "less than a minute ago" under a minute. '' for a missing or invalid time.
 */
export function formatRelative(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const ms = new Date(iso).getTime() - now.getTime();
  if (Number.isNaN(ms)) return '';
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const span =
    minutes < 1
      ? 'less than a minute'
      : minutes < 60
        ? `${minutes} min`
        : minutes < 48 * 60
          ? `${Math.round(minutes / 60)} h`
          : `${Math.round(minutes / (24 * 60))} days`;
  return ms >= 0 ? `in ${span}` : `${span} ago`;
}

/** A run time with how far it is, e.g. "06:57 (in 14 min)" or "12 Mar, 14:05 (2 days ago)"; '' when none. */
export function formatRunTimeFromNow(iso: string | null | undefined, now: Date = new Date()): string {
  const absolute = formatRunTime(iso, now);
  return absolute ? `${absolute} (${formatRelative(iso, now)})` : '';
}

/** A full date and time, e.g. "12 March 2026, 14:05" (a short date's title). */
export function formatDateTime(iso: string): string {
  const date = validDate(iso);
  if (!date) return iso;
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${time(date)}`;
}

/** A short date for dense tables, e.g. "12 Mar" this year, "12 Mar 2025" another year; '' when invalid. */
export function formatShortDate(iso: string, now: Date = new Date()): string {
  const date = validDate(iso);
  return date ? shortDay(date, now) : '';
}

/**
 * A short date and time for lists and histories, e.g. "12 Mar, 14:05" this year, "12 Mar 2025, 14:05"
 * another year; '' when invalid. Its full form (formatDateTime) shows on hover (ShortDate).
 */
export function formatShortDateTime(iso: string, now: Date = new Date()): string {
  const date = validDate(iso);
  return date ? `${shortDay(date, now)}, ${time(date)}` : '';
}

/** A byte count as "512 B", "12.3 KB" or "10 MB" (1 KB = 1024 B; one decimal, none when it is 0). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [size, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  return `${Number(size.toFixed(1))} ${unit}`;
}

/**
 * The one way a screen shows a moment: short (a date, or a date and time where the time tells sends apart),
 * its full form on hover and to screen readers through <time>'s title.
 */
export function ShortDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {withTime ? formatShortDateTime(iso) : formatShortDate(iso)}
    </time>
  );
}
