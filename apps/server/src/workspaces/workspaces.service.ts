// Workspaces, their members and roles, and invitations. Projects belong to a workspace; the caller
// acts in their current workspace (remembered on the server) or the one named by X-Workspace-Id.
// Membership is read from the database on every request (on the embedded database, which only this
// process writes, it is reused until any write): removing a member takes effect on their very next
// call, in every server process.
import { createHash, randomBytes } from 'node:crypto';
import DataLoader from 'dataloader';
import { type Kysely, sql, type Transaction } from 'kysely';
import { cachedValue } from '../db/read-cache.ts';
import type { Database, WorkspaceRole } from '../db/schema.ts';
import { AppError, conflict, forbidden, notFound } from '../errors.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The workspace a request acts in, and the caller's role there. */
export interface Membership {
  workspaceId: string;
  role: WorkspaceRole;
  /**
   * The workspace's project-list version when the caller was admitted (bumped by every change to what
   * the list shows: its projects, and its auto-sends that went out), read in the same query so the
   * project list needs no second round trip.
   */
  projectsVersion: string;
}

/** An invitation link is valid this long, and once. */
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60_000;

export const NO_SUCH_WORKSPACE = 'You are not a member of this workspace.';
export const REMOVED_FROM_WORKSPACE =
  'You are no longer a member of this workspace. Choose another one in the Workspace list.';
export const OWNERS_ONLY = 'Only an owner of this workspace can do this.';
export const LAST_OWNER = 'A workspace needs an owner: make someone else an owner first.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Every new account gets a workspace of its own, owned by it and current. */
export async function createPersonalWorkspace(db: Executor, userId: string, email: string): Promise<string> {
  const workspace = await db
    .insertInto('workspaces')
    .values({ name: email })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('workspace_members')
    .values({ workspace_id: workspace.id, user_id: userId, role: 'owner' })
    .execute();
  await db
    .updateTable('users')
    .set({ current_workspace_id: workspace.id })
    .where('id', '=', userId)
    .execute();
  return workspace.id;
}

/**
 * The caller's membership of the workspace the request acts in: the one named by `requested`
 * (X-Workspace-Id), else the current one. One indexed query per request. A workspace the caller does
 * not belong to (or that does not exist) is refused alike, so the answer tells nothing about it.
 */
export async function admitToWorkspace(
  db: Kysely<Database>,
  user: { id: string; email: string },
  requested: string | undefined,
): Promise<Membership> {
  const named = requested?.trim() || undefined;
  if (named !== undefined && !UUID.test(named)) throw forbidden(NO_SUCH_WORKSPACE);
  const key = `${user.id}:${named ?? ''}`;
  const row = await cachedValue(db, `membership:${key}`, () =>
    admissionsOf(db).load({ key, userId: user.id, named: named ?? null }),
  );
  if (row?.workspace_id && row.role && row.projects_version !== null) {
    return { workspaceId: row.workspace_id, role: row.role, projectsVersion: String(row.projects_version) };
  }
  if (named !== undefined) throw forbidden(NO_SUCH_WORKSPACE);
  // An account made before it could have one (or whose workspace is gone) gets its own now.
  if (row && row.current_workspace_id === null) {
    const workspaceId = await db
      .transaction()
      .execute((trx) => createPersonalWorkspace(trx, user.id, user.email));
    return { workspaceId, role: 'owner', projectsVersion: '0' };
  }
  throw forbidden(REMOVED_FROM_WORKSPACE);
}

interface Admission {
  /** userId and named workspace: equal admissions in one batch share a row. */
  key: string;
  userId: string;
  /** The workspace X-Workspace-Id names; null: the caller's current one. */
  named: string | null;
}

interface AdmissionRow {
  current_workspace_id: string | null;
  workspace_id: string | null;
  role: WorkspaceRole | null;
  projects_version: string | null;
}

const admissionLoaders = new WeakMap<object, DataLoader<Admission, AdmissionRow | undefined, string>>();

/**
 * Admissions asked for in the same turn of the event loop are read in one query, which starts after
 * all of them arrived, so each still sees every change committed before its request came in (a removed
 * member is refused on their very next call) while a busy server makes one round trip, not one per call.
 */
function admissionsOf(db: Kysely<Database>) {
  let loader = admissionLoaders.get(db);
  if (!loader) {
    loader = new DataLoader(
      async (asked) => {
        const admissions = [...new Map(asked.map((admission) => [admission.key, admission])).values()];
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
        const byKey = new Map(rows.map((row) => [row.key, row]));
        return asked.map((admission) => byKey.get(admission.key));
      },
      {
        // Never remembered beyond its batch: membership must be read afresh by the next call.
        cache: false,
        maxBatchSize: 500,
        // The batch closes once the event loop has taken in every request that arrived meanwhile (its
        // check phase), not after the first request's own promise jobs (DataLoader's default), which under
        // load made nearly every batch a batch of one.
        batchScheduleFn: (runBatch) => setImmediate(runBatch),
      },
    );
    admissionLoaders.set(db, loader);
  }
  return loader;
}

export function assertOwner(membership: Membership): void {
  if (membership.role !== 'owner') throw forbidden(OWNERS_ONLY);
}

/**
 * A user's account with their (sealed) Jira token, while they belong to the workspace: whose token
 * auto-send and the notice's story fetch use.
 */
export async function memberWithJiraToken(db: Executor, workspaceId: string, userId: string | null) {
  if (!userId) return undefined;
  return db
    .selectFrom('users')
    .innerJoin('workspace_members as m', 'm.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.apikey_encrypted'])
    .where('users.id', '=', userId)
    .where('m.workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/** The workspaces the user belongs to, by name, and which one is current. */
export async function listWorkspaces(db: Executor, userId: string) {
  const [rows, user] = await Promise.all([
    db
      .selectFrom('workspace_members as m')
      .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
      .select(['w.id', 'w.name', 'm.role'])
      .where('m.user_id', '=', userId)
      .orderBy('w.name')
      .orderBy('w.id')
      .execute(),
    db.selectFrom('users').select('current_workspace_id').where('id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  const current = rows.some((row) => row.id === user.current_workspace_id) ? user.current_workspace_id : null;
  return { current, workspaces: rows };
}

/** Makes a workspace the user belongs to their current one. */
export async function switchWorkspace(db: Executor, userId: string, workspaceId: string): Promise<void> {
  if (!UUID.test(workspaceId)) throw notFound(NO_SUCH_WORKSPACE);
  const result = await db
    .updateTable('users')
    .set({ current_workspace_id: workspaceId })
    .where('id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('workspace_members')
          .select('user_id')
          .where('workspace_id', '=', workspaceId)
          .where('user_id', '=', userId),
      ),
    )
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound(NO_SUCH_WORKSPACE);
}

/** The workspace's members (oldest first) and its open invitations. */
export async function listTeam(db: Executor, workspaceId: string, now: Date) {
  const [workspace, members, invites] = await Promise.all([
    db
      .selectFrom('workspaces')
      .select(['id', 'name'])
      .where('id', '=', workspaceId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('workspace_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.email', 'm.role'])
      .where('m.workspace_id', '=', workspaceId)
      .orderBy('m.created_at')
      .orderBy('u.email')
      .execute(),
    db
      .selectFrom('workspace_invites')
      .select(['email', 'expires_at'])
      .where('workspace_id', '=', workspaceId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .execute(),
  ]);
  return { workspace, members, invites };
}

/**
 * Records an invitation of `email` to the workspace and returns its token (only its hash is stored).
 * 409 when the address already belongs to a member.
 */
export async function createInvite(
  db: Executor,
  values: { workspaceId: string; email: string; invitedBy: string; now: Date },
): Promise<string> {
  const email = values.email.trim().toLowerCase();
  const member = await db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.id')
    .where('m.workspace_id', '=', values.workspaceId)
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email))
    .executeTakeFirst();
  if (member) throw conflict(`${email} is already a member of this workspace.`);
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('workspace_invites')
    .values({
      workspace_id: values.workspaceId,
      email,
      token_hash: sha256(token),
      invited_by_user_id: values.invitedBy,
      expires_at: new Date(values.now.getTime() + INVITE_LIFETIME_MS),
    })
    .execute();
  return token;
}

/**
 * Joins the workspace of an invitation: the signed-in user's e-mail must be the invited one (otherwise
 * the link is refused and stays valid for the right account). Makes it the user's current workspace.
 */
export async function acceptInvite(
  db: Kysely<Database>,
  user: { id: string; emails: string[] },
  token: string,
  now: Date,
): Promise<{ workspaceId: string; name: string }> {
  return db.transaction().execute(async (trx) => {
    const invite = await trx
      .selectFrom('workspace_invites as i')
      .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
      .select(['i.id', 'i.email', 'i.expires_at', 'i.used_at', 'i.workspace_id', 'w.name'])
      .where('i.token_hash', '=', sha256(token))
      .forUpdate()
      .executeTakeFirst();
    if (!invite) throw notFound('This invitation link is not valid. Ask for a new one.');
    if (invite.used_at) throw new AppError(410, 'INVITE_USED', 'This invitation link has already been used.');
    if (invite.expires_at <= now) {
      throw new AppError(410, 'INVITE_EXPIRED', 'This invitation link has expired. Ask for a new one.');
    }
    if (!user.emails.some((email) => email.toLowerCase() === invite.email)) {
      throw forbidden(
        `This invitation is for ${invite.email}. Sign in with that address to join, or ask for an invitation to yours.`,
      );
    }
    await trx
      .insertInto('workspace_members')
      .values({ workspace_id: invite.workspace_id, user_id: user.id, role: 'member' })
      .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
      .execute();
    await trx
      .updateTable('workspace_invites')
      .set({ used_at: now, used_by_user_id: user.id })
      .where('id', '=', invite.id)
      .execute();
    await trx
      .updateTable('users')
      .set({ current_workspace_id: invite.workspace_id })
      .where('id', '=', user.id)
      .execute();
    return { workspaceId: invite.workspace_id, name: invite.name };
  });
}

/**
 * Removes a member (an owner removing anyone, or a member leaving). The last owner can't leave.
 * Auto-send that ran on the member's Jira token stops, with the reason shown on the project list.
 */
export async function removeMember(
  db: Kysely<Database>,
  workspaceId: string,
  memberId: string,
  { leaving = false }: { leaving?: boolean } = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const members = await lockMembers(trx, workspaceId);
    const member = members.find((row) => row.user_id === memberId);
    if (!member) throw notFound('There is no such member in this workspace.');
    if (member.role === 'owner' && members.filter((row) => row.role === 'owner').length === 1) {
      throw conflict(LAST_OWNER);
    }
    await trx
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', memberId)
      .execute();
    if (leaving) {
      // Whoever leaves on their own goes on in another workspace of theirs; a removed member's next call
      // is refused instead (and the Workspace select offers the others).
      await trx
        .updateTable('users')
        .set((eb) => ({
          current_workspace_id: eb
            .selectFrom('workspace_members')
            .select('workspace_id')
            .where('user_id', '=', memberId)
            .orderBy('created_at')
            .limit(1),
        }))
        .where('id', '=', memberId)
        .execute();
    }
    const user = await trx.selectFrom('users').select('email').where('id', '=', memberId).executeTakeFirst();
    await trx
      .updateTable('projects')
      .set({
        autosend: false,
        autosend_next_run_at: null,
        autosend_last_error: `Auto-send stopped: it used the Jira token of ${user?.email ?? 'a former member'}, who has left the workspace. Switch it on again to use your own token.`,
        updated_at: new Date(),
      })
      .where('workspace_id', '=', workspaceId)
      .where('autosend_user_id', '=', memberId)
      .where('autosend', '=', true)
      .execute();
  });
}

/** Makes a member an owner or a member; the last owner can't be demoted. */
export async function setMemberRole(
  db: Kysely<Database>,
  workspaceId: string,
  memberId: string,
  role: WorkspaceRole,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const members = await lockMembers(trx, workspaceId);
    const member = members.find((row) => row.user_id === memberId);
    if (!member) throw notFound('There is no such member in this workspace.');
    if (
      role === 'member' &&
      member.role === 'owner' &&
      members.filter((row) => row.role === 'owner').length === 1
    ) {
      throw conflict(LAST_OWNER);
    }
    await trx
      .updateTable('workspace_members')
      .set({ role })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', memberId)
      .execute();
  });
}

/** The workspace's members, locked: two owners demoting each other at once can't leave it ownerless. */
async function lockMembers(trx: Transaction<Database>, workspaceId: string) {
  await trx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
  return trx
    .selectFrom('workspace_members')
    .select(['user_id', 'role'])
    .where('workspace_id', '=', workspaceId)
    .execute();
}
