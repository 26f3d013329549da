import { comparableEmail, draftEmail, type Issue } from '@handoff/core';
import { clientTexts } from '@handoff/core/catalogues/index';
import { clientLanguageOf } from '@handoff/core/client-language';
import { draftWording } from '@handoff/core/draft';
import { templateWording } from '@handoff/core/notice-template';
import type { FastifyBaseLogger } from 'fastify';
import { memberWithJiraToken } from '../accounts/users.repository.ts';
import type { Db } from '../db/database.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { snapshotOf } from '../review/review-links.ts';
import { claimDueAutosendProjects, recordAutosendRound, stopAutosend } from './autosend.repository.ts';

export interface AutosendDeps {
  db: Db;
  ledger: Ledger;
  /**
   * The project's stories in the first of its statuses offered (Done unless it chose its own), from its own
   * site with the credential for that site of the member who switched auto-send on; re-tests marked.
   */
  fetchDoneStories: (
    project: Pick<DueProject, 'id' | 'workspace_id' | 'project_key' | 'site_id' | 'statuses_offered'>,
    userId: string,
  ) => Promise<Issue[]>;
  intervalMs: number;
  log: FastifyBaseLogger;
}

export interface RoundReport {
  projects: number;
  sent: number;
  failed: number;
}

/** How many due projects one server process takes per round; the rest wait for the next tick. */
const BATCH = 25;

/**
 * One auto-send round: every due project with auto-send on is claimed by exactly one server process
 * (row locks with SKIP LOCKED), its new Done stories are claimed key by key (so a story is never
 * e-mailed twice, even alongside a manual send) and e-mailed to the project's client addresses.
 */
export async function runAutosendRound(deps: AutosendDeps, now: Date): Promise<RoundReport> {
  await deps.ledger.sweep(now);
  const report: RoundReport = { projects: 0, sent: 0, failed: 0 };
  for (;;) {
    const due = await claimDueProjects(deps, now);
    if (due.length === 0) return report;
    for (const project of due) {
      report.projects += 1;
      const outcome = await runProject(deps, project, now);
      if (outcome === 'sent') report.sent += 1;
      if (outcome === 'failed') report.failed += 1;
    }
    if (due.length < BATCH) return report;
  }
}

type DueProject = Awaited<ReturnType<typeof claimDueProjects>>[number];

/** Due projects, claimed for this process, with the next round moved an interval on. */
async function claimDueProjects(deps: AutosendDeps, now: Date) {
  return claimDueAutosendProjects(deps.db, now, new Date(now.getTime() + deps.intervalMs), BATCH);
}

async function runProject(
  deps: AutosendDeps,
  project: DueProject,
  now: Date,
): Promise<'sent' | 'nothing' | 'failed'> {
  const { db } = deps;
  // The member who switched auto-send on, while they still belong to the project's workspace.
  const member = await memberWithJiraToken(db, project.workspace_id, project.autosend_user_id);
  if (!member) {
    await stopAutomaticRounds(
      deps,
      project.id,
      'Auto-send stopped: the member who switched it on has left the workspace. Switch it on again to use your own token.',
    );
    return 'failed';
  }
  let stories: Issue[];
  try {
    stories = await deps.fetchDoneStories(project, member.id);
  } catch (error) {
    await recordFailure(deps, project.id, now, `Could not fetch the Done stories: ${messageOf(error)}`);
    return 'failed';
  }

  const started = await deps.ledger.startAutoSend(
    project.id,
    stories.map((story) => story.key),
    (claimedKeys) => {
      const claimed = new Set(claimedKeys);
      const claimedStories = stories.filter((story) => claimed.has(story.key));
      // The project's template, or the default draft, in the client's language (no one edits it here).
      const t = clientTexts(clientLanguageOf(project.client_language));
      const draft = draftEmail(
        claimedStories,
        [],
        (count) =>
          templateWording(project.notice_template, draftWording(t), {
            project: project.project_name,
            release: '',
            count,
            answerBy: '',
          }),
        // Grouped as the project chose, `Other` in the client's language.
        { by: project.group_by, other: t('group.other') },
      );
      return {
        // Mailed in their one spelling, as a send by hand is (comparableEmail).
        to: project.client_emails.map(comparableEmail),
        cc: project.client_cc.map(comparableEmail),
        subject: draft.subject,
        text: draft.text,
        // The stories are at hand: the review page needs no Jira call for them.
        reviewStories: snapshotOf(claimedStories, draft.includedKeys),
      };
    },
  );
  if (!started) {
    await recordAutosendRound(db, project.id, now, null);
    return 'nothing';
  }
  const delivery = await deps.ledger.deliver(started.send, started.message);
  if (delivery.outcome === 'sent') {
    await recordAutosendRound(db, project.id, now, null);
    deps.log.info(
      { projectId: project.id, keys: started.send.issueKeys.length },
      'auto-send e-mailed new stories',
    );
    return 'sent';
  }
  const reason =
    delivery.outcome === 'refused'
      ? `The mail server refused the e-mail: ${delivery.reason}`
      : delivery.reason;
  await recordAutosendRound(db, project.id, now, reason);
  return 'failed';
}

/** A failure before any story was claimed still shows in the project's history, with its reason. */
async function recordFailure(
  deps: AutosendDeps,
  projectId: string,
  now: Date,
  reason: string,
): Promise<void> {
  deps.log.warn({ projectId, reason }, 'auto-send round failed');
  await deps.ledger.recordFailedRound(projectId, reason);
  await recordAutosendRound(deps.db, projectId, now, reason);
}

/** Switches auto-send off with the reason, shown on the project list. */
async function stopAutomaticRounds(deps: AutosendDeps, projectId: string, reason: string): Promise<void> {
  deps.log.warn({ projectId, reason }, 'auto-send stopped');
  await stopAutosend(deps.db, projectId, reason);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
