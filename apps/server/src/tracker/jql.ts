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

interface StoriesQuery {
  projectKey: string;
  status: string;
  issueTypes: readonly string[];
}

/** `project = "KEY" AND status = "Done" AND issuetype in ("Story") ORDER BY key ASC` — bounded by project. */
export function storiesJql({ projectKey, status, issueTypes }: StoriesQuery): string {
  if (issueTypes.length === 0) throw new Error('storiesJql needs at least one issue type');
  return (
    `project = ${jqlString(projectKey)} AND status = ${jqlString(status)} ` +
    `AND issuetype in (${issueTypes.map(jqlString).join(', ')}) ORDER BY key ASC`
  );
}
