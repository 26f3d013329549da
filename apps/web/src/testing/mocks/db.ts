// An in-memory stand-in for the server's accounts and the identity provider's tokens, shared by the MSW
// handlers. Tests arrange state through these helpers and assert on what the handlers saw.
import type { Issue } from '@handoff/core';
import type { Project, SendRecord, TrackerProject, User } from '@handoff/core/api';

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
  /** The tracker's stories by `${projectKey}|${status}`. */
  issues: new Map<string, Issue[]>(),
  /** The send history, oldest first. */
  sends: [] as StoredSend[],
  /** The pending claims (keys appended by a project update, each awaiting its send), by project key. */
  claims: new Map<string, string[][]>(),
  /** Addresses invited to a workspace, by workspace id (each account has one, "ws-{account id}"). */
  invites: new Map<string, string[]>(),
  counter: 0,
};

export interface ApiCall {
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
  db.sends.length = 0;
  db.claims.clear();
  db.invites.clear();
  db.counter = 0;
}

export function createAccount(email: string, password = 'secret-pass', apikey = 'jira-api-key'): Account {
  db.counter += 1;
  const account: Account = { id: `user-${db.counter}`, email, password, apikey };
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
