// The notice's "Answer by" date (README, "What and where to test"): chosen on the send screen, sent as `YYYY-MM-DD`.
// Staff screens write it `27 November 2026` (day, English month name, year: no time zone, so it reads the
// same wherever it is shown); what the client reads writes it in the client's language (calendarDay, in UTC).

/** The English month names, January first (staff screens write dates with them). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day `YYYY-MM-DD` as midnight UTC, or null when it is not one (2026-02-30, 2026-13-01, "tomorrow"). */
export function calendarDay(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 2000 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/** `2026-11-27` as `27 November 2026` (the value itself when it is not a date). */
export function formatAnswerBy(value: string): string {
  const date = calendarDay(value);
  return date ? `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}` : value;
}

/** The date `at` falls on in the time zone furthest behind (UTC−12): no one on Earth is later than it. */
function earliestDateOnEarth(at: Date): string {
  return new Date(at.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

export const ANSWER_BY_FORMAT = 'The answer-by date must be a real date, written as YYYY-MM-DD.';
export const ANSWER_BY_PAST = 'The answer-by date is in the past: choose today or a later day.';

/**
 * Checks an answer-by date as the send form receives it: a real date, and not in the past. "Past" is
 * judged where the day is latest to end, so a sender choosing their own today is never refused. Returns the
 * problem, or null when the date is fine.
 */
export function answerByProblem(value: string, now: Date): string | null {
  if (!calendarDay(value)) return ANSWER_BY_FORMAT;
  return value < earliestDateOnEarth(now) ? ANSWER_BY_PAST : null;
}

/** Whether a story still waiting for a verdict is overdue on `today` (`YYYY-MM-DD`, the viewer's date). */
export function isPastAnswerBy(answerBy: string | null, today: string): boolean {
  return answerBy !== null && calendarDay(answerBy) !== null && answerBy < today;
}

/** The day of an instant in UTC, `YYYY-MM-DD`: how Jira comments and the owner's e-mails name a notice. */
export const dateOf = (at: Date) => at.toISOString().slice(0, 10);
