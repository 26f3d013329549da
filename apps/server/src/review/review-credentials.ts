// Whose Jira credential a review job uses (main README, "Whose Jira token writes"): the notice's sender while
// a member, for reading its stories; the owner who added the project, else the longest-standing other owner
// with a credential, for writing verdicts back. Always for the project's own site; sites/ opens them.

import type { Db } from '../db/database.ts';
import type { SiteDirectory } from '../sites/sites.service.ts';
import { ownersWithJiraTokens } from '../workspaces/workspaces.repository.ts';

interface CredentialDeps {
  db: Db;
  sites: Pick<SiteDirectory, 'credential'>;
}

/** The project's site as the credential lookup names it (null: `default`). */
const siteRef = (siteId: string | null) => ({ id: siteId ?? 'default' });

/** The member's credential for the site, while they belong to the workspace and have one that opens. */
export async function memberCredentials(
  deps: CredentialDeps,
  workspaceId: string,
  userId: string | null,
  siteId: string | null = null,
) {
  return deps.sites.credential(workspaceId, siteRef(siteId), userId);
}

/**
 * Whose credential writes verdicts back: the member who added the project, while they are an owner of
 * its workspace with a credential for the project's site; else the longest-standing other owner with one.
 */
export async function ownerCredentials(
  deps: CredentialDeps,
  workspaceId: string,
  addedBy: string,
  siteId: string | null = null,
) {
  for (const owner of await ownersWithJiraTokens(deps.db, workspaceId, addedBy)) {
    const credentials = await deps.sites.credential(workspaceId, siteRef(siteId), owner.id);
    if (credentials) return credentials;
  }
  return undefined;
}
