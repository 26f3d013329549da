// Workspaces, their members and roles, and invitations. Projects belong to a workspace; the caller
// acts in their current workspace (remembered on the server) or the one named by X-Workspace-Id.
// Membership is read from the database on every request (on the embedded database, which only this
// process writes, it is reused until any write): removing a member takes effect on their very next
// call, in every server process.
import { createHash, randomBytes } from 'node:crypto';
import { comparableEmail, sameEmail } from '@handoff/core';
import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import {
  currentWorkspaceOf,
  emailOfUser,
  hasUserWithEmail,
  personOfUser,
  setCurrentWorkspace,
  setCurrentWorkspaceIfMember,
  setCurrentWorkspaceToOldest,
} from '../accounts/users.repository.ts';
import { cachedValue } from '../db/read-cache.ts';
import type { Database, WorkspaceRole } from '../db/schema.ts';
import { AppError, conflict, forbidden, notFound } from '../errors.ts';
import {
  endInvites,
  findInviteByTokenHash,
  insertInvite,
  lockInviteByTokenHash,
  markInviteUsed,
  openInvites,
} from './invites.repository.ts';
import { defaultWorkspaceName } from './workspace-brand.ts';
import {
  type Admission,
  type AdmissionRow,
  deleteMember,
  findWorkspace,
  insertMember,
  insertMemberUnlessPresent,
  insertWorkspace,
  lockMembers,
  membersOf,
  readAdmissions,
  updateMemberRole,
  workspacesOfMember,
} from './workspaces.repository.ts';

type Executor = Kysely<Database>;

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
const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60_000;

const NO_SUCH_WORKSPACE = 'You are not a member of this workspace.';
const REMOVED_FROM_WORKSPACE =
  'You are no longer a member of this workspace. Choose another one in the Workspace list.';
const OWNERS_ONLY = 'Only an owner of this workspace can do this.';
const LAST_OWNER = 'A workspace needs an owner: make someone else an owner first.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Every new account gets a workspace of its own ("Dana Reyes's team"), owned by it and current. */
export async function createPersonalWorkspace(
  db: Executor,
  userId: string,
  email: string,
  displayName = '',
): Promise<string> {
  const workspaceId = await insertWorkspace(db, defaultWorkspaceName(email, displayName));
  await insertMember(db, { workspaceId, userId, role: 'owner' });
  await setCurrentWorkspace(db, userId, workspaceId);
  return workspaceId;
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
        const rows = await readAdmissions(db, admissions);
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

/** The workspaces the user belongs to, by name, and which one is current. */
export async function listWorkspaces(db: Executor, userId: string) {
  const [rows, currentId] = await Promise.all([
    workspacesOfMember(db, userId),
    currentWorkspaceOf(db, userId),
  ]);
  const current = rows.some((row) => row.id === currentId) ? currentId : null;
  return { current, workspaces: rows };
}

/** Makes a workspace the user belongs to their current one. */
export async function switchWorkspace(db: Executor, userId: string, workspaceId: string): Promise<void> {
  if (!UUID.test(workspaceId)) throw notFound(NO_SUCH_WORKSPACE);
  if (!(await setCurrentWorkspaceIfMember(db, userId, workspaceId))) throw notFound(NO_SUCH_WORKSPACE);
}

/** The workspace's members (oldest first) and its open invitations. */
export async function listTeam(db: Executor, workspaceId: string, now: Date) {
  const [workspace, members, invites] = await Promise.all([
    findWorkspace(db, workspaceId),
    membersOf(db, workspaceId),
    openInvites(db, workspaceId, now),
  ]);
  return { workspace, members, invites };
}

/**
 * Records an invitation of `email` (as comparableEmail writes it) to the workspace and returns its token
 * (only its hash is stored). 409 when the address already belongs to a member.
 */
export async function createInvite(
  db: Executor,
  values: { workspaceId: string; email: string; invitedBy: string; now: Date },
): Promise<string> {
  const email = comparableEmail(values.email.trim());
  const members = await membersOf(db, values.workspaceId);
  if (members.some((member) => sameEmail(member.email, email))) {
    throw conflict(`${email} is already a member of this workspace.`);
  }
  const token = randomBytes(32).toString('base64url');
  await insertInvite(db, {
    workspaceId: values.workspaceId,
    email,
    tokenHash: sha256(token),
    invitedBy: values.invitedBy,
    expiresAt: new Date(values.now.getTime() + INVITE_LIFETIME_MS),
  });
  return token;
}

/** What the invitation page says of a link: whether it can be accepted, the workspace, who invited whom. */
export async function describeInvite(db: Executor, token: string, now: Date) {
  const invite = await findInviteByTokenHash(db, sha256(token));
  if (!invite) {
    return {
      state: 'unknown' as const,
      workspaceName: null,
      inviterEmail: null,
      inviterName: null,
      email: null,
      hasAccount: false,
    };
  }
  const [inviter, hasAccount] = await Promise.all([
    personOfUser(db, invite.invited_by_user_id),
    hasUserWithEmail(db, invite.email),
  ]);
  const state = invite.used_at ? 'used' : invite.expires_at <= now ? 'expired' : 'open';
  return {
    state,
    workspaceName: invite.name,
    inviterEmail: inviter?.email ?? null,
    inviterName: inviter?.name || null,
    email: invite.email,
    hasAccount,
  } as const;
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
    const invite = await lockInviteByTokenHash(trx, sha256(token));
    if (!invite) throw notFound('This invitation link is not valid. Ask for a new one.');
    if (invite.used_at) throw new AppError(410, 'INVITE_USED', 'This invitation link has already been used.');
    if (invite.expires_at <= now) {
      throw new AppError(410, 'INVITE_EXPIRED', 'This invitation link has expired. Ask for a new one.');
    }
    if (!user.emails.some((email) => sameEmail(email, invite.email))) {
      throw forbidden(
        `This invitation is for ${invite.email}. Sign in with that address to join, or ask for an invitation to yours.`,
      );
    }
    await insertMemberUnlessPresent(trx, invite.workspace_id, user.id);
    await markInviteUsed(trx, invite.id, user.id, now);
    await endOpenInvitesOf(trx, invite.workspace_id, invite.email, now);
    await setCurrentWorkspace(trx, user.id, invite.workspace_id);
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
  onLeave: OnMemberLeaves,
  { leaving = false, now = new Date() }: { leaving?: boolean; now?: Date } = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const members = await lockMembers(trx, workspaceId);
    const member = members.find((row) => row.user_id === memberId);
    if (!member) throw notFound('There is no such member in this workspace.');
    if (member.role === 'owner' && members.filter((row) => row.role === 'owner').length === 1) {
      throw conflict(LAST_OWNER);
    }
    await deleteMember(trx, workspaceId, memberId);
    if (leaving) {
      // Whoever leaves on their own goes on in another workspace of theirs; a removed member's next call
      // is refused instead (and the Workspace select offers the others).
      await setCurrentWorkspaceToOldest(trx, memberId);
    }
    const email = await emailOfUser(trx, memberId);
    // A removed member's other invitations would let them straight back in.
    if (email) await endOpenInvitesOf(trx, workspaceId, email, now);
    await onLeave(
      trx,
      workspaceId,
      memberId,
      `Auto-send stopped: it used the token of ${email ?? 'a former member'}, who has left the workspace. Switch it on again to use your own token.`,
    );
  });
}

/**
 * What else ends when a member leaves, in the same transaction: app.ts passes projects/'s (auto-send that
 * ran on the member's token stops, with `reason` shown on the project list). projects/ builds on
 * workspaces/ (a project is a workspace's), so workspaces/ does not import it.
 */
export type OnMemberLeaves = (
  trx: Executor,
  workspaceId: string,
  memberId: string,
  reason: string,
) => Promise<void>;

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
    await updateMemberRole(trx, workspaceId, memberId, role);
  });
}

/** Ends every open invitation of `email` (compared as every rule compares addresses) to the workspace. */
async function endOpenInvitesOf(db: Executor, workspaceId: string, email: string, now: Date): Promise<void> {
  const open = await openInvites(db, workspaceId, now);
  const ids = open.filter((invite) => sameEmail(invite.email, email)).map((invite) => invite.id);
  await endInvites(db, workspaceId, ids, now);
}

/** Revokes an open invitation of the workspace: its link then answers as a used one (410). */
export async function revokeInvite(db: Executor, workspaceId: string, inviteId: string, now: Date) {
  const [ended] = await endInvites(db, workspaceId, UUID.test(inviteId) ? [inviteId] : [], now);
  if (!ended) throw notFound('There is no such open invitation in this workspace.');
}
