// Display formats for times and sizes, in the browser's locale, and ShortDate, which shows a moment.

const timeOnly: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const dayAndTime: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

/** A run time: "14:05" today, "12 Mar, 14:05" on another day. '' for a missing or invalid time. */
export function formatRunTime(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay =
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate();
  return date.toLocaleString(undefined, sameDay ? timeOnly : dayAndTime);
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

/** A full date and time, e.g. "12 Mar 2026, 14:05". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A short date for dense tables, e.g. "12 Mar" this year, "12 Mar 2025" another year; '' when invalid. */
export function formatShortDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const thisYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(thisYear ? {} : { year: 'numeric' }),
  });
}

/**
 * A short date and time for lists and histories, e.g. "12 Mar, 14:05" this year, "12 Mar 2025, 14:05"
 * another year; '' when invalid. Its full form (formatDateTime) shows on hover (ShortDate).
 */
export function formatShortDateTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const thisYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleString(undefined, { ...dayAndTime, ...(thisYear ? {} : { year: 'numeric' }) });
}

/** A byte count as "512 B", "12.3 KB" or "10 MB" (1 KB = 1024 B; one decimal, none when it is 0). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [size, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  return `${Number(size.toFixed(1))} ${unit}`;
}

/**
 * The one way a screen shows a moment: short (a date, or a date and time where the time tells sends apart),
 * its full form on hover and to screen readers through <time>'s title, in the browser's locale (Intl).
 */
export function ShortDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {withTime ? formatShortDateTime(iso) : formatShortDate(iso)}
    </time>
  );
}
