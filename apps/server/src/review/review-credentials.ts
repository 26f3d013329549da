// Whose Jira token a review job uses (main README, "Whose Jira token writes"): the notice's sender while a
// member, for reading its stories and writing its verdicts back (auto-send: the member who switched it
// on); when they have left or have no token, an owner's, and the history says whose.

import { memberWithJiraToken } from '../accounts/users.repository.ts';
import type { SecretBox } from '../common/secret-box.ts';
import type { Db } from '../db/database.ts';
import type { JiraCredentials } from '../tracker/jira-http.ts';
import { ownersWithJiraTokens } from '../workspaces/workspaces.repository.ts';

interface Credentials extends JiraCredentials {
  userId: string;
}

interface CredentialDeps {
  db: Db;
  secretBox: SecretBox;
}

/** The member's Jira credentials, while they belong to the workspace and have a token that opens. */
export async function memberCredentials(
  deps: CredentialDeps,
  workspaceId: string,
  userId: string | null,
): Promise<Credentials | undefined> {
  const row = await memberWithJiraToken(deps.db, workspaceId, userId);
  return row ? withToken(deps, row) : undefined;
}

function withToken(
  deps: CredentialDeps,
  row: { id: string; email: string; apikey_encrypted: string },
): Credentials | undefined {
  try {
    const apiToken = deps.secretBox.open(row.apikey_encrypted);
    return apiToken ? { userId: row.id, email: row.email, apiToken } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whose Jira token writes verdicts back: the member who added the project, while they are an owner of
 * its workspace with a token; else the longest-standing other owner with one.
 */
export async function ownerCredentials(
  deps: CredentialDeps,
  workspaceId: string,
  addedBy: string,
): Promise<Credentials | undefined> {
  for (const owner of await ownersWithJiraTokens(deps.db, workspaceId, addedBy)) {
    const credentials = withToken(deps, owner);
    if (credentials) return credentials;
  }
  return undefined;
}

/**
 * Whose Jira token writes a verdict back: the notice's sender (auto-send: the member who switched it
 * on) while a member with a token, so Jira shows who really asked; else the longest-standing owner with
 * one. `writtenAs` says whose, for the history.
 */
export async function writerCredentials(
  deps: CredentialDeps,
  notice: { workspaceId: string; trigger: 'manual' | 'auto'; senderId: string | null },
): Promise<(Credentials & { writtenAs: string }) | undefined> {
  const sender = await memberCredentials(deps, notice.workspaceId, notice.senderId);
  if (sender) return { ...sender, writtenAs: sender.email };
  // The sender, if still an owner, was tried above; the others in the order they joined.
  const owner = notice.senderId
    ? await ownerCredentials(deps, notice.workspaceId, notice.senderId)
    : await firstOwnerCredentials(deps, notice.workspaceId);
  if (!owner) return undefined;
  const who = notice.trigger === 'auto' ? 'the member who switched auto-send on' : "the notice's sender";
  return {
    ...owner,
    writtenAs: `${owner.email} (an owner: ${who} has left the workspace or has no Jira token)`,
  };
}

async function firstOwnerCredentials(deps: CredentialDeps, workspaceId: string) {
  for (const owner of await ownersWithJiraTokens(deps.db, workspaceId, null)) {
    const credentials = withToken(deps, owner);
    if (credentials) return credentials;
  }
  return undefined;
}
