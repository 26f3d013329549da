// Shapes the product API answers with (SPEC §3). Shared logic types (Issue, texts) come from @handoff/core.
export type { Issue } from '@handoff/core';

export interface User {
  id: string;
  email: string;
  /** The user's issue-tracker API key. */
  apikey: string;
}

export interface Project {
  userId: string;
  projectKey: string;
  projectName: string;
  clientEmails: string[];
  clientCC: string[];
  autosend: boolean;
  sentProjectIssuesList: string[];
}

/** What the register call answers with (SPEC §3 "Registration payload"). */
export interface RegisterResult {
  status: number;
  message: string;
}
