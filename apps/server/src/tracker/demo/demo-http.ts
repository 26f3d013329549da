// How the demo tracker reads a request and refuses one, as Jira does: an ErrorCollection body
// (`errorMessages`, `errors`) with Jira's status.

/** An answer Jira gives with an ErrorCollection body. */
export class JiraHttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorMessages: string[],
    readonly errors: Record<string, string> = {},
  ) {
    super(errorMessages[0] ?? `HTTP ${status}`);
  }
}

export type QueryParams = Record<string, string | string[] | undefined>;

export function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function list(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function integerParam(value: string | string[] | undefined, name: string, fallback: number): number {
  const raw = single(value);
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) throw new JiraHttpError(400, [`'${name}' must be an integer.`]);
  return Number(raw);
}

/** `startAt` of a paged call: 0 unless given, never negative. */
export function startAtParam(query: QueryParams): number {
  const startAt = integerParam(query.startAt, 'startAt', 0);
  if (startAt < 0) throw new JiraHttpError(400, ["'startAt' must be greater than or equal to 0."]);
  return startAt;
}
