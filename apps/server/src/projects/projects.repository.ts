// Project rows, always selected by the owner's id from the verified token.
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, ProjectsTable } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

const columns = [
  'id',
  'user_id',
  'project_key',
  'project_name',
  'client_emails',
  'client_cc',
  'autosend',
  'sent_issue_keys',
  'autosend_next_run_at',
  'autosend_last_run_at',
  'autosend_last_error',
] as const;

export type ProjectRecord = Pick<Selectable<ProjectsTable>, (typeof columns)[number]>;

/**
 * The answer of getFirebaseProjects, `{"data":[Project…]}` oldest first, as JSON text built by the
 * database. A user may have a thousand projects; decoding their three text[] columns row by row, then
 * mapping and serialising them, cost about twice as much as letting the database write the JSON, on
 * PGlite and PostgreSQL alike (bench/projects.bench.ts). The keys are those of `toProject`.
 */
export async function projectListJson(
  db: Executor,
  userId: string,
  nextCheckAt: Date | null,
): Promise<string> {
  // Timestamps as ISO 8601 in UTC with milliseconds, as Date#toJSON writes them in toProject.
  const iso = (column: string) =>
    sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const { body } = await db
    .selectFrom('projects')
    .select(
      sql<string>`json_build_object('data', coalesce(json_agg(json_build_object(
        'userId', user_id,
        'projectKey', project_key,
        'projectName', project_name,
        'clientEmails', client_emails,
        'clientCC', client_cc,
        'autosend', autosend,
        'sentProjectIssuesList', sent_issue_keys,
        'autosendStatus', json_build_object(
          'nextRunAt', case when autosend then coalesce(${iso('autosend_next_run_at')}, ${nextCheckAt?.toISOString() ?? null}::text) end,
          'lastRunAt', ${iso('autosend_last_run_at')},
          'lastError', autosend_last_error,
          'lastSentAt', (select ${iso('finished_at')} from sends
            where sends.project_id = projects.id and trigger = 'auto' and status = 'sent'
            order by finished_at desc limit 1)
        )
      ) order by created_at, project_key), '[]'::json))::text`.as('body'),
    )
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return body;
}

export async function findProject(db: Executor, userId: string, projectKey: string, { lock = false } = {}) {
  let query = db
    .selectFrom('projects')
    .select(columns)
    .where('user_id', '=', userId)
    .where('project_key', '=', projectKey);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Inserts the project; undefined when the user already has one with this key. */
export async function insertProject(
  db: Executor,
  values: {
    userId: string;
    projectKey: string;
    projectName: string;
    clientEmails: string[];
    clientCC: string[];
  },
) {
  return db
    .insertInto('projects')
    .values({
      user_id: values.userId,
      project_key: values.projectKey,
      project_name: values.projectName,
      client_emails: values.clientEmails,
      client_cc: values.clientCC,
    })
    .onConflict((oc) => oc.columns(['user_id', 'project_key']).doNothing())
    .returning(columns)
    .executeTakeFirst();
}

export async function updateProject(
  db: Executor,
  id: string,
  changes: {
    clientEmails: string[];
    clientCC: string[];
    autosend: boolean;
    sentIssueKeys: string[];
    /** Auto-send was just switched on: the first automatic round is due at once. */
    autosendDueNow: boolean;
  },
) {
  return db
    .updateTable('projects')
    .set({
      client_emails: changes.clientEmails,
      client_cc: changes.clientCC,
      autosend: changes.autosend,
      sent_issue_keys: changes.sentIssueKeys,
      ...(changes.autosendDueNow ? { autosend_next_run_at: null } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** When auto-send last e-mailed stories of the project, if ever. */
export async function lastAutomaticSend(db: Executor, projectId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('sends')
    .select('finished_at')
    .where('project_id', '=', projectId)
    .where('trigger', '=', 'auto')
    .where('status', '=', 'sent')
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.finished_at ?? null;
}

/** Deletes the project; whether there was one. */
export async function deleteProject(db: Executor, userId: string, projectKey: string): Promise<boolean> {
  const result = await db
    .deleteFrom('projects')
    .where('user_id', '=', userId)
    .where('project_key', '=', projectKey)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
