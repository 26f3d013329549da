// POST /jira/sendDownloadedIssues as multipart/form-data (docs/product.md §7): file (optional), subject, text, one "to"
// entry per client address, one "cc" entry per CC address, then projectKey and issueKeys (the draft's story
// keys, comma-separated): the server takes over exactly the claim of those keys, gives them back if the
// mail server refuses the e-mail, and answers 409 if any was sent meanwhile. The browser sets the
// multipart content type.
import type { Project, SendAnswer } from '@handoff/core/api';
import { updateProject } from '@/api/projects';
import type { ApiClient } from '@/lib/api-client';

interface StoriesEmail {
  projectKey: string;
  /** The project's site (`default` or an added site's id). */
  siteId?: string;
  /** The keys of the stories the message lists (the draft's, fixed when it was made). */
  issueKeys: readonly string[];
  subject: string;
  text: string;
  to: readonly string[];
  cc: readonly string[];
  file: File | null;
  /** The date the client is asked to answer by (`YYYY-MM-DD`); empty or absent: none. */
  answerBy?: string;
  /** The release the stories are of (kept with the send, named by the notice); absent: none. */
  release?: string | null;
}

function storiesEmailForm(email: StoriesEmail): FormData {
  const form = new FormData();
  if (email.file) form.append('file', email.file);
  form.append('subject', email.subject);
  form.append('text', email.text);
  for (const address of email.to) form.append('to', address);
  for (const address of email.cc) form.append('cc', address);
  form.append('projectKey', email.projectKey);
  if (email.siteId && email.siteId !== 'default') form.append('siteId', email.siteId);
  form.append('issueKeys', email.issueKeys.join(','));
  if (email.answerBy) form.append('answerBy', email.answerBy);
  if (email.release) form.append('release', email.release);
  return form;
}

/** The server's answer when some stories of the draft were sent meanwhile (auto-send, another tab). */
export const STORIES_ALREADY_SENT = 409;

export function sendStoriesEmail(api: ApiClient, email: StoriesEmail): Promise<SendAnswer> {
  return api.post<SendAnswer>('/jira/sendDownloadedIssues', storiesEmailForm(email));
}

/**
 * The first of the two calls (docs/product.md §4 step 4: first the update, then the e-mail): appends the draft's
 * keys to the project's sentProjectIssuesList, and answers the project as it now is.
 */
export async function markStoriesSent(
  api: ApiClient,
  userId: string,
  project: Project,
  issueKeys: readonly string[],
): Promise<Project> {
  const sentProjectIssuesList = [...new Set([...project.sentProjectIssuesList, ...issueKeys])];
  const answer = await updateProject(
    api,
    userId,
    project.projectKey,
    {
      projectKey: project.projectKey,
      projectName: project.projectName,
      clientEmails: project.clientEmails,
      clientCC: project.clientCC,
      sentProjectIssuesList,
    },
    project.siteId,
  );
  return answer?.data ?? { ...project, sentProjectIssuesList };
}
