// POST /jira/sendDownloadedIssues as multipart/form-data (SPEC §7): file (optional), subject, text, one "to"
// entry per client address, one "cc" entry per CC address, and projectKey, so the server can give the
// project's claimed stories back if the e-mail cannot be sent. The browser sets the multipart content type.
import type { ApiClient } from '@/lib/api-client';

export interface StoriesEmail {
  projectKey: string;
  subject: string;
  text: string;
  to: readonly string[];
  cc: readonly string[];
  file: File | null;
}

export interface SendAnswer {
  status: number;
  message: string;
  /** delivered is false when the e-mail was kept in the outbox (no mail server configured). */
  data?: { delivered: boolean; sendId: string | null };
}

export function storiesEmailForm(email: StoriesEmail): FormData {
  const form = new FormData();
  if (email.file) form.append('file', email.file);
  form.append('subject', email.subject);
  form.append('text', email.text);
  for (const address of email.to) form.append('to', address);
  for (const address of email.cc) form.append('cc', address);
  form.append('projectKey', email.projectKey);
  return form;
}

export function sendStoriesEmail(api: ApiClient, email: StoriesEmail): Promise<SendAnswer> {
  return api.post<SendAnswer>('/jira/sendDownloadedIssues', storiesEmailForm(email));
}
