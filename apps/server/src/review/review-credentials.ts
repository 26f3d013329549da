// Whose Jira token a review job uses (main README, "Whose Jira token writes"): the notice's sender while a
// member, for reading its stories; the owner who added the project, else the longest-standing other owner
// with a token, for writing verdicts back.

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
