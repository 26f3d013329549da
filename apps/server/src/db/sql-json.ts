import { type RawBuilder, sql } from 'kysely';

/**
 * A timestamptz column as ISO 8601 text in UTC with milliseconds, as Date#toJSON writes it, for answers
 * whose JSON the database writes. to_char truncates the microseconds, as reading the value into a Date
 * does. https://www.postgresql.org/docs/current/functions-formatting.html
 */
export function isoTimestamp(column: string): RawBuilder<string | null> {
  return sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
