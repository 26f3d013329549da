// Shapes the product API answers with (SPEC §3). Shared logic types (Issue, texts) come from @handoff/core.
export type { Issue } from '@handoff/core';

export interface User {
  id: string;
  email: string;
  /** The user's issue-tracker API key. */
  apikey: string;
}

/** The server's auto-send bookkeeping for a project (optional: shown when the server sends it). */
export interface AutosendStatus {
  /** ISO time of the next automatic round for this project, or null. */
  nextRunAt: string | null;
  lastRunAt: string | null;
  /** Why the last automatic send failed, or null. */
  lastError: string | null;
  /** ISO time auto-send last e-mailed stories of the project, or null. */
  lastSentAt: string | null;
}

export interface Project {
  userId: string;
  projectKey: string;
  projectName: string;
  clientEmails: string[];
  clientCC: string[];
  autosend: boolean;
  sentProjectIssuesList: string[];
  autosendStatus?: AutosendStatus;
}

/** A project of the issue tracker (SPEC §3 "Issue-tracker project"). */
export interface TrackerProject {
  name: string;
  key: string;
}

export type SendTrigger = 'manual' | 'auto';
export type SendStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'abandoned' | 'unconfirmed';

/** One e-mail of stories in a project's send history (POST /jira/getProjectSends), newest first. */
export interface SendRecord {
  id: string;
  trigger: SendTrigger;
  status: SendStatus;
  issueKeys: string[];
  to: string[];
  cc: string[];
  subject: string | null;
  text: string | null;
  attachmentName: string | null;
  attachmentSize: number | null;
  /** false: kept in the outbox (no mail server); null: not known (not sent yet, or failed). */
  delivered: boolean | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** What the register call answers with (SPEC §3 "Registration payload"). */
export interface RegisterResult {
  status: number;
  message: string;
}
