// What the demo tracker's routes read and write of its issues, kept per workspace in its own tables.
import type { Db } from '../../db/database.ts';
import {
  changeIssueStatus,
  commentsOfIssue,
  insertComment,
  statusChangesOf,
} from './demo-tracker.repository.ts';

/** The issue's comments the reader may see, in the order asked. */
export function commentsOf(db: Db, issueKey: string, order: 'asc' | 'desc', readerId: string) {
  return commentsOfIssue(db, issueKey, order, readerId);
}

export function addComment(db: Db, issueKey: string, authorUserId: string, body: object) {
  return insertComment(db, issueKey, authorUserId, body);
}

/** Moves the issue to another status, recorded in its changelog. */
export function moveIssue(db: Db, writerId: string, change: Parameters<typeof changeIssueStatus>[2]) {
  return changeIssueStatus(db, writerId, change);
}

/** The status changes of the issues the reader may see. */
export function statusChangesOfIssues(db: Db, readerId: string, issueKeys: readonly string[]) {
  return statusChangesOf(db, readerId, issueKeys);
}
