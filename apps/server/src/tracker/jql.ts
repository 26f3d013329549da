import type { StoryQuery } from './tracker.ts';

// Building JQL safely (https://support.atlassian.com/jira-software-cloud/docs/use-advanced-search-with-jira-query-language-jql/): every value is a quoted, escaped string.

/**
 * A JQL string literal for any value: backslash and double quote are escaped, and so are the
 * control characters Jira's own encoder escapes (\n, \r, \t). Other characters are left as they are
 * (Jira rejects needless escapes such as `\.`), so the value can never end its string early.
 */
export function jqlString(value: string): string {
  let out = '"';
  for (const ch of value) {
    switch (ch) {
      case '\\':
        out += '\\\\';
        break;
      case '"':
        out += '\\"';
        break;
      case '\n':
        out += '\\n';
        break;
      case '\r':
        out += '\\r';
        break;
      case '\t':
        out += '\\t';
        break;
      default:
        out += ch;
    }
  }
  return `${out}"`;
}

/**
 * The JQL of a story query (tracker.ts), bounded by project and ordered by key: `project = "KEY" AND
 * status = "Done" AND issuetype in ("Story") ORDER BY key ASC`; several states as `status in (…)`; with
 * keys, `key in (…)` instead of the issue types (a story sent is read back whatever its type now).
 */
export function storiesJql(query: StoryQuery, issueTypes: readonly string[]): string {
  const clauses = [`project = ${jqlString(query.project)}`];
  const list = (values: readonly string[]) => `(${values.map(jqlString).join(', ')})`;
  if (query.states.length === 1) clauses.push(`status = ${jqlString(query.states[0]!)}`);
  else if (query.states.length > 1) clauses.push(`status in ${list(query.states)}`);
  if (query.keys) {
    if (query.keys.length === 0) throw new Error('storiesJql needs at least one key when keys are given');
    clauses.push(`key in ${list(query.keys)}`);
  } else {
    if (issueTypes.length === 0) throw new Error('storiesJql needs at least one issue type');
    clauses.push(`issuetype in ${list(issueTypes)}`);
  }
  if (query.release) clauses.push(`fixVersion = ${jqlString(query.release.id)}`);
  if (query.sprint === 'current') clauses.push('sprint in openSprints()');
  return `${clauses.join(' AND ')} ORDER BY key ASC`;
}
