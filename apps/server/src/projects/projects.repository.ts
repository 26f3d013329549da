// Project rows, always selected by the workspace the caller was admitted to (request.membership).
import type { GroupBy } from '@handoff/core/story-groups';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, ProjectsTable } from '../db/schema.ts';
import { isoTimestamp } from '../db/sql-json.ts';
import { notFound } from '../errors.ts';
import type { Membership } from '../workspaces/workspaces.service.ts';

type Executor = Kysely<Database> | Transaction<Database>;

const columns = [
  'id',
  'user_id',
  'project_key',
  'project_name',
  'client_emails',
  'client_cc',
  'site_id',
  'statuses_offered',
  'group_by',
] as const;

/** The name of the project's site (null: the site `default`), read in the same statement. */
const siteName = sql<
  string | null
>`(select name from tracker_sites where tracker_sites.id = projects.site_id)`.as('site_name');

/** Days after a notice to remind the client (null: off), as a number (the column is numeric). */
const reminderDays = sql<number | null>`reminder_days::float8`.as('reminder_days');

export type ProjectRecord = Pick<Selectable<ProjectsTable>, (typeof columns)[number]> & {
  site_name: string | null;
  reminder_days: number | null;
};

/**
 * The answer of getFirebaseProjects, `{"data":[Project…]}` oldest first, as JSON text built by the
 * database. A workspace may have a thousand projects; decoding their three text[] columns row by row, then
 * mapping and serialising them, cost about twice as much as letting the database write the JSON, on
 * PGlite and PostgreSQL alike (bench/projects.bench.ts). The keys are those of `toProject`.
 * Its version (workspaces.projects_version) moves with every write to the projects and with changes to
 * auto-sends that went out, the only sends it shows (lastSentAt): triggers, see the migrations
 * 2026-11-23T1900 and 2026-11-24T0100; showing more of the sends means widening those triggers.
 */
export async function projectListJson(
  db: Executor,
  workspaceId: string,
  nextCheckAt: Date | null,
): Promise<string> {
  const { body } = await db
    .selectFrom('projects')
    // The ledger's sent list and auto-send's bookkeeping, read in the same statement (their modules
    // write them); whose Jira token auto-send uses: joins, not a lookup per row.
    .leftJoin('sent_lists as sent', 'sent.project_id', 'projects.id')
    .leftJoin('autosend_schedules as auto', 'auto.project_id', 'projects.id')
    .leftJoin('users as switcher', 'switcher.id', 'auto.switched_on_by')
    .leftJoin('tracker_sites as site', 'site.id', 'projects.site_id')
    .select(
      sql<string>`json_build_object('data', coalesce(json_agg(json_build_object(
        'userId', user_id,
        'projectKey', project_key,
        'projectName', project_name,
        'clientEmails', client_emails,
        'clientCC', client_cc,
        'autosend', coalesce(auto.switched_on, false),
        'sentProjectIssuesList', coalesce(sent.issue_keys, '{}'),
        'siteId', coalesce(projects.site_id::text, 'default'),
        'siteName', coalesce(site.name, 'default'),
        'statusesOffered', statuses_offered,
        'reminderDays', reminder_days::float8,
        'groupBy', group_by,
        'autosendStatus', json_build_object(
          'nextRunAt', case when auto.switched_on then coalesce(${isoTimestamp('auto.next_run_at')}, ${nextCheckAt?.toISOString() ?? null}::text) end,
          'lastRunAt', ${isoTimestamp('auto.last_run_at')},
          'lastError', auto.last_error,
          'lastSentAt', (select ${isoTimestamp('finished_at')} from sends
            where sends.project_id = projects.id and trigger = 'auto' and status = 'sent'
            order by finished_at desc limit 1),
          'switchedOnBy', case when auto.switched_on then switcher.email end
        )
      ) order by projects.created_at, project_key), '[]'::json))::text`.as('body'),
    )
    .where('projects.workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return body;
}

/**
 * The project with this key in the workspace the caller was admitted to: the one lookup of a project
 * by key for every route. Undefined when there is none (a 404 that says nothing about other workspaces).
 * `lock` locks the row for the caller's transaction: 'update' for a project update (FOR NO KEY UPDATE),
 * 'share' for a manual send's claim (FOR SHARE: its addresses hold until the send is opened, and sends of
 * the project wait for one another on the ledger's sent list instead). Neither blocks the FOR KEY SHARE
 * lock a new send's foreign key takes on the row, so an auto-send claim holding the sent list never
 * waits on a transaction that waits for that list (a deadlock, with FOR UPDATE here).
 */
export async function findProjectForCaller(
  db: Executor,
  caller: Pick<Membership, 'workspaceId'>,
  projectKey: string,
  { lock, siteId }: { lock?: 'update' | 'share'; siteId?: string | undefined } = {},
): Promise<ProjectRecord | undefined> {
  const query = db
    .selectFrom('projects')
    .where('workspace_id', '=', caller.workspaceId)
    .where('project_key', '=', projectKey)
    .where(onSite(siteId))
    .select(columns)
    .select(siteName)
    .select(reminderDays);
  if (lock === 'update') return query.forNoKeyUpdate().executeTakeFirst();
  if (lock === 'share') return query.forShare().executeTakeFirst();
  return query.executeTakeFirst();
}

/**
 * Which of the workspace's projects with a key is meant: the one on the site named (`default` or an added
 * site's id), or, with no site named, the only one with that key (two sites may each have one).
 */
function onSite(siteId: string | undefined) {
  return sql<boolean>`${
    siteId === undefined
      ? sql`not exists (select 1 from projects as same_key where same_key.workspace_id = projects.workspace_id
          and same_key.project_key = projects.project_key and same_key.id <> projects.id)`
      : sql`coalesce(projects.site_id::text, 'default') = ${siteId}`
  }`;
}

/** The answer when the caller's workspace has no project with the key (whether another has, is not told). */
export function projectNotFound(projectKey: string) {
  return notFound(`You have no project with the key ${JSON.stringify(projectKey)}.`);
}

/** Inserts the project; undefined when the workspace already has one with this key. */
export async function insertProject(
  db: Executor,
  values: {
    workspaceId: string;
    userId: string;
    projectKey: string;
    projectName: string;
    clientEmails: string[];
    clientCC: string[];
    /** The added site's id; null: the site `default`. */
    siteId: string | null;
    /** Left out: the column's default (3 days). */
    reminderDays?: number | null | undefined;
    /** The statuses the send screen offers; null: Done and Testing. */
    statusesOffered?: readonly string[] | null;
    /** Left out: the column's default (`nothing`). */
    groupBy?: GroupBy | undefined;
  },
) {
  return (
    db
      .insertInto('projects')
      .values({
        workspace_id: values.workspaceId,
        user_id: values.userId,
        project_key: values.projectKey,
        project_name: values.projectName,
        client_emails: values.clientEmails,
        client_cc: values.clientCC,
        site_id: values.siteId,
        ...(values.reminderDays === undefined ? {} : { reminder_days: values.reminderDays }),
        ...(values.statusesOffered ? { statuses_offered: [...values.statusesOffered] } : {}),
        ...(values.groupBy === undefined ? {} : { group_by: values.groupBy }),
      })
      // The only unique rule besides the id: one key per site of a workspace.
      .onConflict((oc) => oc.doNothing())
      .returning(columns)
      .returning(siteName)
      .returning(reminderDays)
      .executeTakeFirst()
  );
}

export async function updateProject(
  db: Executor,
  id: string,
  changes: {
    clientEmails: string[];
    clientCC: string[];
    /** The statuses the send screen offers ([]: the default, Done and Testing); undefined: unchanged. */
    statusesOffered?: string[] | undefined;
    /** Days after a notice to remind the client (null: off); undefined: unchanged. */
    reminderDays?: number | null | undefined;
    /** `Group stories by`; undefined: unchanged. */
    groupBy?: GroupBy | undefined;
  },
) {
  return db
    .updateTable('projects')
    .set({
      client_emails: changes.clientEmails,
      client_cc: changes.clientCC,
      ...(changes.statusesOffered === undefined
        ? {}
        : {
            statuses_offered:
              changes.statusesOffered.length > 0 ? [...new Set(changes.statusesOffered)] : null,
          }),
      ...(changes.reminderDays === undefined ? {} : { reminder_days: changes.reminderDays }),
      ...(changes.groupBy === undefined ? {} : { group_by: changes.groupBy }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returning(columns)
    .returning(siteName)
    .returning(reminderDays)
    .executeTakeFirstOrThrow();
}

/** Deletes the project; whether there was one. */
export async function deleteProject(
  db: Executor,
  caller: Membership,
  projectKey: string,
  siteId?: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('projects')
    .where('workspace_id', '=', caller.workspaceId)
    .where('project_key', '=', projectKey)
    .where(onSite(siteId))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * The addresses of the workspace's projects: a message that names no project may go to those of any of
 * them.
 */
export async function recipientsOfProjects(db: Executor, workspaceId: string) {
  return db
    .selectFrom('projects')
    .select(['project_key as projectKey', 'client_emails as clientEmails', 'client_cc as clientCc'])
    .where('workspace_id', '=', workspaceId)
    .execute();
}
