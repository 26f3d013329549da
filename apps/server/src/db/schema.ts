import type { NoticeTemplate } from '@handoff/core/notice-template';
import type { GroupBy, Grouped } from '@handoff/core/story-groups';
import type { TrackerKindId } from '@handoff/core/tracker-kinds';
import type { ColumnType, Generated } from 'kysely';
import type {
  IdentityAccountsTable,
  IdentityOobCodesTable,
  IdentityRefreshTokensTable,
  SigningKeysTable,
} from './schema-identity.ts';

export type { IdentityAccountsTable } from './schema-identity.ts';

/** Timestamps are written as Date or left to their default, and always read as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: Date;
}

interface UsersTable {
  id: Generated<string>;
  identity_uid: string;
  email: string;
  apikey_encrypted: string;
  created_at: Generated<Date>;
  /** The workspace the calls that name none act in. */
  current_workspace_id: string | null;
  /** The name the user goes by ("Dana Reyes"); empty: none given (the address stands for them). */
  display_name: Generated<string>;
}

interface WorkspacesTable {
  id: Generated<string>;
  name: string;
  /** Whether an owner named it (until then clients see the sender's e-mail domain as the company). */
  named: Generated<boolean>;
  created_at: Generated<Date>;
  /** Changes with every write to the workspace's projects or their sends (triggers): the project list's version. */
  projects_version: Generated<string>;
}

/** A workspace's logo, shown on its clients' review pages (validated by its first bytes). */
interface WorkspaceLogosTable {
  workspace_id: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  image: Buffer;
  updated_at: Date;
}

/** When a member last opened the notifications of a workspace. */
interface NotificationMarksTable {
  user_id: string;
  workspace_id: string;
  seen_at: Date;
}

export type WorkspaceRole = 'owner' | 'member';

interface WorkspaceMembersTable {
  workspace_id: string;
  user_id: string;
  role: WorkspaceRole;
  created_at: Generated<Date>;
}

interface WorkspaceInvitesTable {
  id: Generated<string>;
  workspace_id: string;
  email: string;
  token_hash: string;
  invited_by_user_id: string | null;
  expires_at: Date;
  used_at: Date | null;
  used_by_user_id: string | null;
  created_at: Generated<Date>;
}

/** The ledger's sent list of a project: every story key a notice carried or a claim holds, in order. */
interface SentListsTable {
  project_id: string;
  issue_keys: Generated<string[]>;
}

/** Auto-send's bookkeeping of a project; switched_on_by: whose Jira token it uses. */
interface AutosendSchedulesTable {
  project_id: string;
  switched_on: Generated<boolean>;
  switched_on_by: string | null;
  next_run_at: Date | null;
  last_run_at: Date | null;
  last_error: string | null;
}

export interface ProjectsTable {
  id: Generated<string>;
  workspace_id: string;
  /** Who added the project. */
  user_id: string;
  project_key: string;
  project_name: string;
  client_emails: string[];
  client_cc: string[];
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The Jira transition a Failed / Passed review verdict moves an issue through; null: none. */
  review_on_failed: JsonTransition | null;
  review_on_passed: JsonTransition | null;
  /** The tracker site the project lives on; null: the site `default`. */
  site_id: string | null;
  /** The statuses the send screen offers, the first fetched by auto-send; null: Done and Testing. */
  statuses_offered: string[] | null;
  /** Days after a notice (or its last reminder) to remind the client; null: off. Numeric: read as text. */
  reminder_days: ColumnType<string | null, number | null | undefined, number | null>;
  /** What and where the client tests, as the notices say it; null: unset. */
  test_environment: string | null;
  /** The language the client reads (`Client language`: a code of CLIENT_LANGUAGES). */
  client_language: Generated<string>;
  /** The notice template in the team's words (written as JSON text); null: the language's default. */
  notice_template: ColumnType<NoticeTemplate | null, string | null | undefined, string | null>;
  group_by: Generated<GroupBy>; // `Group stories by`: 'nothing', 'epic' or 'type'
}

/** A Jira transition as a project keeps it: `{ id, name }` (written as JSON text). */
type JsonTransition = ColumnType<{ id: string; name: string }, string | null, string | null>;

export interface MailMessagesTable {
  id: Generated<string>;
  purpose: string;
  from_address: string;
  to_addresses: string[];
  cc_addresses: string[];
  subject: string;
  text_body: string;
  attachment_name: string | null;
  attachment_size: number | null;
  delivered: boolean;
  created_at: Generated<Date>;
}

export type SendTrigger = 'manual' | 'auto';
/**
 * pending: keys claimed, mail not handed to the mail server yet · sending: being handed over ·
 * sent: delivered, or kept in the outbox · failed: not sent, keys given back · abandoned: never sent
 * (the browser went away), keys given back · unconfirmed: the server stopped while sending, so
 * nobody knows whether it went out; the keys stay claimed and the history says so.
 */
type SendStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'abandoned' | 'unconfirmed';

export interface SendsTable {
  id: Generated<string>;
  project_id: string;
  trigger: SendTrigger;
  status: SendStatus;
  issue_keys: Generated<string[]>;
  to_addresses: Generated<string[]>;
  cc_addresses: Generated<string[]>;
  subject: string | null;
  text_body: string | null;
  attachment_name: string | null;
  attachment_size: number | null;
  delivered: boolean | null;
  mail_message_id: string | null;
  error: string | null;
  created_at: Generated<Date>;
  sending_at: Date | null;
  finished_at: Date | null;
  /** The member who sent it by hand; null for auto-send. */
  sent_by_user_id: string | null;
  /** What the mail server answered for each recipient; null without SMTP (or before this was kept). */
  recipient_answers: ColumnType<RecipientAnswer[] | null, string | null, string | null>;
  /** The release the notice is of (its name as the tracker gave it); null: stories by status. */
  release_name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The mail server's answer for one recipient of a message: accepted, or refused with its reply. */
export interface RecipientAnswer {
  address: string;
  accepted: boolean;
  /** The server's reply to a refused recipient (code and text), e.g. "550 5.1.1 No such user". */
  reply?: string;
}

/** One story of a notice as its review page shows it, with its epic and type then (none in older snapshots). */
export type ReviewStorySnapshot = Grouped & { key: string; summary: string; testSteps: string[] };

interface ReviewLinksTable {
  id: Generated<string>;
  send_id: string;
  /** SHA-256 of the token (base64url); the token itself is only in the e-mail. */
  token_hash: string;
  expires_at: Date;
  revoked_at: Date | null;
  /** The notice's stories; null until fetched from Jira (manual sends fetch them after the hand-over). */
  stories: ColumnType<ReviewStorySnapshot[] | null, string | null, string | null>;
  created_at: Generated<Date>;
  /** The client's sign-off: who, when, and each story's verdict at that moment; null until signed off. */
  signed_off_at: Date | null;
  signed_off_by: string | null;
  /** When the owner's last Failed e-mail for the notice went out; later ones are held for 10 minutes. */
  failed_mail_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The newest Failed verdict that e-mail told of; the next one tells of those after it. */
  failed_mail_covered_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The date the send screen asked the client to answer by; null: none. */
  answer_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** The project's test environment when the notice was sent; null: none. */
  /** The token sealed under SECRET_KEY (purpose 'review-link'): the history's copy of the link; null before it was kept. */
  token_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  test_environment: string | null;
  /** The language the notice was sent in (its project's `Client language` then). */
  client_language: Generated<string>;
  signed_off_verdicts: ColumnType<
    Array<{ key: string; verdict: 'passed' | 'failed' }> | null,
    string | null,
    string | null
  >;
}

/** `superseded`: a later verdict of the story came within the quiet period, and only that one is written. */
export type WriteBackState = 'pending' | 'written' | 'refused' | 'superseded';

interface ReviewVerdictsTable {
  id: Generated<string>;
  link_id: string;
  /** The verdicts sent together by one press of "Submit results". */
  submission_id: string;
  issue_key: string;
  verdict: 'passed' | 'failed';
  comment: string | null;
  created_at: Generated<Date>;
  write_back: Generated<WriteBackState>;
  write_back_error: string | null;
  jira_comment_id: string | null;
  /** The name the client gave on the review page; null for verdicts given before it was asked. */
  reviewer: string | null;
  /** Whose Jira token wrote it back (an e-mail, and why when it was not the notice's sender's). */
  written_as: string | null;
}

/** A story offered again for re-test; used by exactly one send (ledger/README.md). */
interface RetestOffersTable {
  id: Generated<string>;
  project_id: string;
  issue_key: string;
  reason: 'failed' | 'asked';
  verdict_id: string | null;
  asked_by_user_id: string | null;
  created_at: Generated<Date>;
  used_by_send_id: string | null;
  used_at: Date | null;
}

type JobState = 'queued' | 'running' | 'done' | 'failed';

interface JobsTable {
  id: Generated<string>;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  state: Generated<JobState>;
  attempts: Generated<number>;
  run_after: Timestamp;
  lease_owner: string | null;
  lease_until: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

interface DemoTrackerCommentsTable {
  id: Generated<string>;
  issue_key: string;
  author_user_id: string | null;
  body: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
  /** The workspaces it belongs to: its author's that hold a project of its issue's key. */
  workspace_ids: Generated<string[]>;
}

/** A status a transition moved an issue to, in one workspace's view of the demo tracker. */
interface DemoTrackerStatusesTable {
  workspace_id: string;
  issue_key: string;
  status_id: string;
  changed_at: Generated<Date>;
}

export interface TrackerSitesTable {
  id: Generated<string>;
  /** null: the site `default`, every workspace's (its row is written at start-up, sites.repository.ts). */
  workspace_id: string | null;
  name: string;
  /** One of packages/core's tracker kinds (tracker-kinds.ts), checked when the site is added. */
  kind: TrackerKindId;
  /** Without a trailing slash; a Data Center base URL may carry a context path. */
  base_url: string;
  created_at: Generated<Date>;
}

interface TrackerSiteCredentialsTable {
  site_id: string;
  user_id: string;
  /** Jira Cloud: the account's e-mail; Data Center (a personal access token): null. */
  email: string | null;
  token_encrypted: string;
  updated_at: Generated<Date>;
}

/** A status change in one workspace's view of the demo tracker: the demo's changelog. */
interface DemoTrackerStatusChangesTable {
  id: Generated<string>;
  workspace_id: string;
  issue_key: string;
  from_status_id: string;
  to_status_id: string;
  author_user_id: string | null;
  created_at: Generated<Date>;
}

export interface Database {
  identity_accounts: IdentityAccountsTable;
  identity_refresh_tokens: IdentityRefreshTokensTable;
  identity_oob_codes: IdentityOobCodesTable;
  signing_keys: SigningKeysTable;
  rate_limits: RateLimitsTable;
  users: UsersTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invites: WorkspaceInvitesTable;
  workspace_logos: WorkspaceLogosTable;
  notification_marks: NotificationMarksTable;
  projects: ProjectsTable;
  sent_lists: SentListsTable;
  autosend_schedules: AutosendSchedulesTable;
  tracker_sites: TrackerSitesTable;
  tracker_site_credentials: TrackerSiteCredentialsTable;
  mail_messages: MailMessagesTable;
  sends: SendsTable;
  review_links: ReviewLinksTable;
  review_verdicts: ReviewVerdictsTable;
  jobs: JobsTable;
  demo_tracker_comments: DemoTrackerCommentsTable;
  demo_tracker_statuses: DemoTrackerStatusesTable;
  demo_tracker_status_changes: DemoTrackerStatusChangesTable;
  retest_offers: RetestOffersTable;
  review_reminders: ReviewRemindersTable;
  story_statuses: StoryStatusesTable;
  story_status_stale: StoryStatusStaleTable;
}

/** A sent story's entry in the review status answer, as JSON text without its `overdue` field. */
interface StoryStatusesTable {
  project_id: string;
  issue_key: string;
  entry: string;
  /** Neither answered on its latest notice nor offered again: the client is expected to answer. */
  awaiting_client: boolean;
  answer_by: string | null;
}

/** A story whose entry must be built again before it is read (written by triggers). */
interface StoryStatusStaleTable {
  project_id: string;
  issue_key: string;
}

interface ReviewRemindersTable {
  id: Generated<string>;
  link_id: string;
  token_hash: string;
  status: 'sending' | 'sent' | 'failed';
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}
