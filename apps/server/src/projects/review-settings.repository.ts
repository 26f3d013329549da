// A project's review settings, kept on its row: the reminder days, the test environment, the client's
// language, the transitions.
import type { NoticeTemplate } from '@handoff/core/notice-template';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The Jira transitions chosen for the project's Failed and Passed verdicts (null: none). */
export async function reviewTransitionsOf(db: Executor, projectId: string) {
  return db
    .selectFrom('projects')
    .select(['review_on_failed', 'review_on_passed'])
    .where('id', '=', projectId)
    .executeTakeFirst();
}

/** Chooses the transitions of the project's Failed and Passed verdicts; false when the project is gone. */
export async function setReviewTransitions(
  db: Executor,
  projectId: string,
  transitions: {
    onFailed: { id: string; name: string } | null;
    onPassed: { id: string; name: string } | null;
  },
): Promise<boolean> {
  const { onFailed, onPassed } = transitions;
  const result = await db
    .updateTable('projects')
    .set({
      review_on_failed: onFailed ? JSON.stringify({ id: onFailed.id, name: onFailed.name }) : null,
      review_on_passed: onPassed ? JSON.stringify({ id: onPassed.id, name: onPassed.name }) : null,
    })
    .where('id', '=', projectId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The project's review settings: reminder days (null: off), test environment, client's language, notice template. */
export async function reviewSettingsOf(db: Executor, projectId: string) {
  return db
    .selectFrom('projects')
    .select([
      sql<number | null>`reminder_days::float8`.as('reminder_days'),
      'test_environment',
      'client_language',
      'notice_template',
    ])
    .where('id', '=', projectId)
    .executeTakeFirst();
}

/** A project's client-review settings as written (a field left undefined keeps its value). */
export interface ReviewSettingsUpdate {
  reminderDays: number | null;
  testEnvironment: string | null;
  clientLanguage?: string | undefined;
  noticeTemplate?: NoticeTemplate | null | undefined;
}

export async function setReviewSettings(
  db: Executor,
  projectId: string,
  settings: ReviewSettingsUpdate,
): Promise<void> {
  await db
    .updateTable('projects')
    .set({
      reminder_days: settings.reminderDays,
      test_environment: settings.testEnvironment,
      // Left out: kept as it is.
      ...(settings.clientLanguage === undefined ? {} : { client_language: settings.clientLanguage }),
      ...(settings.noticeTemplate === undefined
        ? {}
        : { notice_template: settings.noticeTemplate && JSON.stringify(settings.noticeTemplate) }),
    })
    .where('id', '=', projectId)
    .execute();
}
