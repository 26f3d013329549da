// The one way a screen shows a moment: short (a date, or a date and time where the time tells sends
// apart), its full form on hover and to screen readers through <time>'s title, in the browser's locale (Intl).
import { formatDateTime, formatShortDate, formatShortDateTime } from '@/lib/format';

export function ShortDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {withTime ? formatShortDateTime(iso) : formatShortDate(iso)}
    </time>
  );
}
