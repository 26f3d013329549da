// Workspaces and their members (`workspaces`, `workspace_members`).
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, WorkspaceRole } from '../db/schema.ts';

type Executor = Kysely<Database>;

export async function insertWorkspace(db: Executor, name: string): Promise<string> {
  const workspace = await db
    .insertInto('workspaces')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return workspace.id;
}

/** The workspace's id and name (and whether an owner named it), and when its logo was last uploaded (null: none). */
export async function findWorkspace(db: Executor, workspaceId: string) {
  return db
    .selectFrom('workspaces as w')
    .leftJoin('workspace_logos as l', 'l.workspace_id', 'w.id')
    .select(['w.id', 'w.name', 'w.named', 'l.updated_at as logo_updated_at'])
    .where('w.id', '=', workspaceId)
    .executeTakeFirstOrThrow();
}

/** The workspace's members, locked: two owners demoting each other at once can't leave it ownerless. */
export async function lockMembers(trx: Transaction<Database>, workspaceId: string) {
  await trx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
  return trx
    .selectFrom('workspace_members')
    .select(['user_id', 'role'])
    .where('workspace_id', '=', workspaceId)
    .execute();
}

export async function insertMember(
  db: Executor,
  member: { workspaceId: string; userId: string; role: WorkspaceRole },
): Promise<void> {
  await db
    .insertInto('workspace_members')
    .values({ workspace_id: member.workspaceId, user_id: member.userId, role: member.role })
    .execute();
}

/** Adds the user as a member, unless they are one already (then nothing changes). */
export async function insertMemberUnlessPresent(db: Executor, workspaceId: string, userId: string) {
  await db
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: userId, role: 'member' })
    .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
    .execute();
}

export async function deleteMember(db: Executor, workspaceId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('workspace_members')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
}

export async function updateMemberRole(
  db: Executor,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
): Promise<void> {
  await db
    .updateTable('workspace_members')
    .set({ role })
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
}

/** The workspaces the user belongs to, with their role, by name. */
export async function workspacesOfMember(db: Executor, userId: string) {
  return db
    .selectFrom('workspace_members as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select(['w.id', 'w.name', 'w.named', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy('w.name')
    .orderBy('w.id')
    .execute();
}

/** The workspace's members with their e-mail and role, oldest first. */
export async function membersOf(db: Executor, workspaceId: string) {
  return db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email', 'u.display_name', 'm.role'])
    .where('m.workspace_id', '=', workspaceId)
    .orderBy('m.created_at')
    .orderBy('u.email')
    .execute();
}

/** One admission to read: a user, and the workspace X-Workspace-Id names. */
export interface Admission {
  /** userId and named workspace: equal admissions in one batch share a row. */
  key: string;
  userId: string;
  /** The workspace X-Workspace-Id names; null: the caller's current one. */
  named: string | null;
}

export interface AdmissionRow {
  current_workspace_id: string | null;
  workspace_id: string | null;
  role: WorkspaceRole | null;
  projects_version: string | null;
}

/**
 * The membership of each admission (by its key) in one query: the user's current workspace, and their
 * role in and the project-list version of the workspace named (else the current one), if a member.
 */
export async function readAdmissions(db: Executor, admissions: readonly Admission[]) {
  const { rows } = await sql<AdmissionRow & { key: string }>`
    select q.key, u.current_workspace_id, m.workspace_id, m.role, w.projects_version
    from unnest(
      ${admissions.map((a) => a.key)}::text[],
      ${admissions.map((a) => a.userId)}::uuid[],
      ${admissions.map((a) => a.named)}::uuid[]
    ) as q(key, user_id, named)
    join users u on u.id = q.user_id
    left join workspace_members m
      on m.user_id = u.id and m.workspace_id = coalesce(q.named, u.current_workspace_id)
    left join workspaces w on w.id = m.workspace_id`.execute(db);
  return rows;
}

// Used by review/
/**
 * The workspace's owners with their (sealed) Jira tokens, in the order they are asked to write a verdict
 * back: `first` (the member who added the project) if an owner, then the longest-standing owners.
 */
export async function ownersWithJiraTokens(db: Executor, workspaceId: string, first: string | null) {
  return db
    .selectFrom('workspace_members as m')
    .innerJoin('users', 'users.id', 'm.user_id')
    .select(['users.id', 'users.email', 'users.apikey_encrypted'])
    .where('m.workspace_id', '=', workspaceId)
    .where('m.role', '=', 'owner')
    .orderBy(sql`users.id = ${first}`, 'desc')
    .orderBy('m.created_at')
    .orderBy('users.id')
    .execute();
}
