// The form of an issue key, checked before anything else is done with a key a client sent (a send's
// story keys): a value such as `DEMO-3 OR project = MOB` is no key, even though every value Handoff puts
// into JQL is quoted (the server's jql.ts). Jira's keys: a project key (an upper-case letter, then upper-case letters,
// digits or `_`), a dash and the issue number (https://support.atlassian.com/jira-cloud-administration/docs/edit-a-projects-details/).
// A tracker kind with another key form supplies its own pattern in its place.

/** A Jira issue key, e.g. `DEMO-12`. */
export const JIRA_ISSUE_KEY = /^[A-Z][A-Z0-9_]+-[1-9][0-9]*$/;
