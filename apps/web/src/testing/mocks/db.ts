// An in-memory stand-in for the server's accounts and the identity provider's tokens, shared by the MSW
// handlers. Tests arrange state through these helpers and assert on what the handlers saw.
import type { Issue } from '@handoff/core';
import type {
  JiraTransition,
  Notification,
  Project,
  Release,
  ReviewSettings,
  ReviewStory,
  SendRecord,
  TrackerProject,
  User,
} from '@handoff/core/api';
import type { ClientLanguage } from '@handoff/core/client-language';

export interface Account extends User {
  password: string;
}

interface Token {
  email: string;
  valid: boolean;
}

export const db = {
  accounts: new Map<string, Account>(),
  idTokens: new Map<string, Token>(),
  refreshTokens: new Map<string, Token>(),
  oobCodes: new Set<string>(),
  /** Every request the handlers received, as "METHOD /path". */
  requests: [] as string[],
  /** The product API calls with their bodies (JSON, or the multipart fields), in order. */
  calls: [] as ApiCall[],
  /** Stored projects of every user. */
  projects: [] as Project[],
  /** The tracker's projects (POST /jira/getAllProjects). */
  trackerProjects: [] as TrackerProject[],
  /** The tracker's stories by `${projectKey}|${status}`, or `${projectKey}|release:${id}` for a release's. */
  issues: new Map<string, Issue[]>(),
  /** The tracker's releases by project key (absent: none), and whether it has a current sprint. */
  releases: new Map<string, { releases: Release[]; currentSprint: boolean }>(),
  /** The send history, oldest first. */
  sends: [] as StoredSend[],
  /** The pending claims (keys appended by a project update, each awaiting its send), by project key. */
  claims: new Map<string, string[][]>(),
  /** Addresses invited to a workspace, by workspace id (each account has one, "ws-{account id}"). */
  invites: new Map<string, string[]>(),
  /** Workspaces renamed on the Team screen, by id (absent: "{the e-mail's first part}'s team"). */
  workspaceNames: new Map<string, string>(),
  /** Workspaces' logos by id: the image's data: URL and when it was uploaded. */
  workspaceLogos: new Map<string, { dataUrl: string; updatedAt: string }>(),
  /** What the bell lists for each account (its own workspace), newest first; opening it marks them seen. */
  notifications: new Map<string, Array<Notification & { seen?: boolean }>>(),
  /** Review links by token: the send they belong to and its stories as the client sees them. */
  reviewLinks: new Map<string, ReviewLink>(),
  /** The transitions Jira lists for a project's issues, and the chosen ones, by project key. */
  transitions: new Map<string, ProjectTransitions>(),
  /** Each project's review settings, by project key (absent: reminders after 3 days, no test environment, English). */
  reviewSettings: new Map<string, Partial<ReviewSettings>>(),
  /** Recipients the mail server refuses at RCPT TO (lower case); the others still get the e-mail. */
  refusedRecipients: new Set<string>(),
  counter: 0,
};

interface ReviewLink {
  sendId: string;
  projectName: string;
  stories: ReviewStory[];
  /** What the notice named: where to test, and the date to answer by (`YYYY-MM-DD`). */
  testEnvironment: string | null;
  answerBy: string | null;
  /** The language the notice was sent in. */
  language: ClientLanguage;
}

interface ProjectTransitions {
  available: JiraTransition[];
  onFailed: JiraTransition | null;
  onPassed: JiraTransition | null;
}

interface ApiCall {
  path: string;
  body: unknown;
  headers?: Record<string, string>;
}

export interface StoredSend extends SendRecord {
  userId: string;
  projectKey: string;
}

export function resetDb() {
  db.accounts.clear();
  db.idTokens.clear();
  db.refreshTokens.clear();
  db.oobCodes.clear();
  db.requests.length = 0;
  db.calls.length = 0;
  db.projects.length = 0;
  db.trackerProjects.length = 0;
  db.issues.clear();
  db.releases.clear();
  db.sends.length = 0;
  db.claims.clear();
  db.invites.clear();
  db.workspaceNames.clear();
  db.workspaceLogos.clear();
  db.notifications.clear();
  db.reviewLinks.clear();
  db.transitions.clear();
  db.reviewSettings.clear();
  db.refusedRecipients.clear();
  db.counter = 0;
}

export function createAccount(
  email: string,
  password = 'secret-pass',
  apikey = 'jira-api-key',
  name = '',
): Account {
  db.counter += 1;
  const account: Account = { id: `user-${db.counter}`, email, password, apikey, name };
  db.accounts.set(email, account);
  return account;
}

export function issueTokens(email: string): { idToken: string; refreshToken: string } {
  db.counter += 1;
  const idToken = `id-token-${db.counter}`;
  const refreshToken = `refresh-token-${db.counter}`;
  db.idTokens.set(idToken, { email, valid: true });
  db.refreshTokens.set(refreshToken, { email, valid: true });
  return { idToken, refreshToken };
}

/** Makes the server refuse an ID token from now on (as if it had expired). */
export function expireIdToken(idToken: string) {
  const token = db.idTokens.get(idToken);
  if (token) token.valid = false;
}

export function revokeRefreshToken(refreshToken: string) {
  const token = db.refreshTokens.get(refreshToken);
  if (token) token.valid = false;
}

/** The e-mail a valid bearer token belongs to, or null. */
export function emailOfBearer(header: string | null): string | null {
  const token = header?.startsWith('Bearer ') ? db.idTokens.get(header.slice(7)) : undefined;
  return token?.valid ? token.email : null;
}

export function requestsTo(fragment: string): string[] {
  return db.requests.filter((r) => r.includes(fragment));
}

/** The account a valid bearer token belongs to, or null. */
export function accountOfBearer(header: string | null): Account | null {
  const email = emailOfBearer(header);
  return email ? (db.accounts.get(email) ?? null) : null;
}

/** The auto-send status of a project that has never been sent automatically, with auto-send off. */
export function noAutosendYet(): Project['autosendStatus'] {
  return { nextRunAt: null, lastRunAt: null, lastError: null, lastSentAt: null, switchedOnBy: null };
}

/** Stores a project for a user (defaults: one client address, no CC, auto-send off, nothing sent). */
export function createProject(userId: string, fields: Partial<Project> & { projectKey: string }): Project {
  const project: Project = {
    userId,
    projectName: `Project ${fields.projectKey}`,
    clientEmails: ['client@example.com'],
    clientCC: [],
    autosend: false,
    sentProjectIssuesList: [],
    siteId: 'default',
    siteName: 'default',
    statusesOffered: null,
    reminderDays: 3,
    groupBy: 'nothing',
    autosendStatus: noAutosendYet(),
    ...fields,
  };
  db.projects.push(project);
  return project;
}

export function findProject(userId: string, projectKey: string): Project | undefined {
  return db.projects.find((p) => p.userId === userId && p.projectKey === projectKey);
}

/** The bodies of the calls made to a path, in order. */
export function callsTo(path: string): unknown[] {
  return db.calls.filter((call) => call.path === path).map((call) => call.body);
}

/**
 * Stores a sent notice of a project with an active review link (token `token`) over the given stories,
 * none answered yet; returns the send.
 */
export function createReviewedSend(
  userId: string,
  project: Project,
  token: string,
  stories: {
    key: string;
    summary: string;
    testSteps?: string[];
    group?: { id: string; name: string; order: number } | null;
  }[],
  {
    expiresAt = '2026-04-11T14:00:00.000Z',
    testEnvironment = null,
    answerBy = null,
    language = 'en',
  }: {
    expiresAt?: string;
    testEnvironment?: string | null;
    answerBy?: string | null;
    language?: ClientLanguage;
  } = {},
): StoredSend {
  db.counter += 1;
  const createdAt = new Date(Date.UTC(2026, 2, 12, 14, db.counter)).toISOString();
  const send: StoredSend = {
    id: `send-${db.counter}`,
    userId,
    projectKey: project.projectKey,
    trigger: 'manual',
    status: 'sent',
    issueKeys: stories.map((story) => story.key),
    to: project.clientEmails,
    cc: project.clientCC,
    subject: 'Request for Testing: User Stories for Review',
    text: 'Hello,',
    attachmentName: null,
    attachmentSize: null,
    delivered: true,
    recipients: null,
    error: null,
    sentBy: null,
    createdAt,
    finishedAt: createdAt,
    release: null,
    review: {
      linkState: 'active',
      url: `http://localhost:3000/review/${token}`,
      expiresAt,
      stories: stories.map(({ key, summary }) => ({
        key,
        summary,
        verdict: 'waiting',
        comment: null,
        answeredAt: null,
        writeBack: null,
        writeBackError: null,
        reviewer: null,
        writtenAs: null,
      })),
      signedOff: null,
      reminders: [],
    },
  };
  db.sends.push(send);
  db.reviewLinks.set(token, {
    sendId: send.id,
    projectName: project.projectName,
    stories: stories.map(({ key, summary, testSteps = [], group = null }) => ({
      key,
      summary,
      testSteps,
      group,
      verdict: null,
      comment: null,
    })),
    testEnvironment,
    answerBy,
    language,
  });
  return send;
}
