import { draftEmail, type Issue } from '@handoff/core';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { SecretBox } from '../accounts/secret-box.ts';
import type { Db } from '../db/database.ts';
import { describeDeliveryFailure } from '../mail/mailer.ts';
import {
  claimIssueKeys,
  markSending,
  markSent,
  releaseSends,
  sweepStaleSends,
} from '../sends/sends.service.ts';

export interface MailSender {
  sendMail(message: {
    purpose: string;
    to: string[];
    cc: string[];
    subject: string;
    text: string;
  }): Promise<{ delivered: boolean; messageId: string | null }>;
}

export interface AutosendDeps {
  db: Db;
  mailer: MailSender;
  secretBox: SecretBox;
  /** The project's Done stories, fetched with the owner's Jira credentials. */
  fetchDoneStories: (
    credentials: { email: string; apiToken: string },
    projectKey: string,
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
  await sweepStaleSends(deps.db, now);
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

async function claimDueProjects(deps: AutosendDeps, now: Date) {
  const next = new Date(now.getTime() + deps.intervalMs);
  const result = await sql<{
    id: string;
    user_id: string;
    project_key: string;
    client_emails: string[];
    client_cc: string[];
  }>`
    UPDATE projects SET autosend_next_run_at = ${next}
    WHERE id IN (
      SELECT id FROM projects
      WHERE autosend AND (autosend_next_run_at IS NULL OR autosend_next_run_at <= ${now})
      ORDER BY autosend_next_run_at NULLS FIRST, id
      LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, user_id, project_key, client_emails, client_cc`.execute(deps.db);
  return result.rows;
}

async function runProject(
  deps: AutosendDeps,
  project: DueProject,
  now: Date,
): Promise<'sent' | 'nothing' | 'failed'> {
  const { db } = deps;
  let stories: Issue[];
  try {
    const owner = await db
      .selectFrom('users')
      .select(['email', 'apikey_encrypted'])
      .where('id', '=', project.user_id)
      .executeTakeFirstOrThrow();
    stories = await deps.fetchDoneStories(
      { email: owner.email, apiToken: deps.secretBox.open(owner.apikey_encrypted) },
      project.project_key,
    );
  } catch (error) {
    await recordFailure(deps, project.id, now, `Could not fetch the Done stories: ${messageOf(error)}`);
    return 'failed';
  }

  const claim = await claimIssueKeys(
    db,
    project.id,
    'auto',
    stories.map((story) => story.key),
    { recordEmpty: false },
  );
  if (!claim.sendId || claim.keys.length === 0) {
    await finishRound(db, project.id, now, null);
    return 'nothing';
  }
  const claimed = new Set(claim.keys);
  const draft = draftEmail(
    stories.filter((story) => claimed.has(story.key)),
    [],
  );
  const message = {
    to: project.client_emails,
    cc: project.client_cc,
    subject: draft.subject,
    text: draft.text,
  };
  await markSending(db, [claim.sendId], { ...message, attachmentName: null, attachmentSize: null });
  try {
    const result = await deps.mailer.sendMail({ purpose: 'stories', ...message });
    await markSent(db, [claim.sendId], { delivered: result.delivered, mailMessageId: result.messageId });
    await finishRound(db, project.id, now, null);
    deps.log.info({ projectId: project.id, keys: claim.keys.length }, 'auto-send e-mailed new stories');
    return 'sent';
  } catch (error) {
    const reason = `The mail server refused the e-mail: ${describeDeliveryFailure(error)}`;
    await releaseSends(db, [claim.sendId], 'failed', reason);
    await finishRound(db, project.id, now, reason);
    return 'failed';
  }
}

/** A failure before any story was claimed still shows in the project's history, with its reason. */
async function recordFailure(
  deps: AutosendDeps,
  projectId: string,
  now: Date,
  reason: string,
): Promise<void> {
  deps.log.warn({ projectId, reason }, 'auto-send round failed');
  await deps.db
    .insertInto('sends')
    .values({ project_id: projectId, trigger: 'auto', status: 'failed', error: reason, finished_at: now })
    .execute();
  await finishRound(deps.db, projectId, now, reason);
}

async function finishRound(db: Db, projectId: string, now: Date, error: string | null): Promise<void> {
  await db
    .updateTable('projects')
    .set({ autosend_last_run_at: now, autosend_last_error: error })
    .where('id', '=', projectId)
    .execute();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
