// The review link of a notice (issue 11): made when the ledger hands the notice to the mail server, for
// manual and automatic sends alike. The token (32 random bytes, base64url) is only in the e-mail; the
// database keeps its SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { type Issue, testStepsOf } from '@handoff/core';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ReviewStorySnapshot } from '../db/schema.ts';
import { reviewNoticeHtml, reviewNoticeText } from './review-mail.ts';

export const REVIEW_STORIES_JOB = 'review-stories';

export function newReviewToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashReviewToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The notice's stories as the page shows them: test steps as the draft lists them (packages/core). */
export function snapshotOf(issues: readonly Issue[], keys: readonly string[]): ReviewStorySnapshot[] {
  const byKey = new Map(issues.map((issue) => [issue.key, issue]));
  return keys.map((key) => {
    const issue = byKey.get(key);
    return {
      key,
      summary: issue?.issueHeader.trim() || key,
      testSteps: issue ? testStepsOf(issue.description) : [],
    };
  });
}

/** The e-mail's parts with the link; `storedText` is what the outbox keeps (see `open`). */
export interface ReviewMailParts {
  text: string;
  html: string;
  storedText: string | undefined;
}

export interface ReviewLinks {
  /**
   * Opens the notice's review link (one statement: the link, and for a notice without its stories at
   * hand, the job that fetches them after the hand-over) and returns the e-mail's parts. Runs in `db`,
   * the send's claim transaction.
   */
  open(
    db: Db,
    send: { id: string },
    draft: string,
    stories: ReviewStorySnapshot[] | undefined,
  ): Promise<ReviewMailParts>;
  /** After the hand-over: this process starts the queued job (if any) now. */
  handedOver(): void;
}

export function createReviewLinks(deps: {
  publicUrl: string;
  linkDays: number;
  /** Whether e-mails go over SMTP: then the outbox copy must not hold a working link. */
  smtpConfigured: boolean;
  now?: () => Date;
  /** Called after a job was queued, so this process starts it at once. */
  onJobQueued?: () => void;
}): ReviewLinks {
  const now = deps.now ?? (() => new Date());
  return {
    handedOver() {
      deps.onJobQueued?.();
    },
    async open(db, send, draft, stories) {
      const token = newReviewToken();
      const expiresAt = new Date(now().getTime() + deps.linkDays * 86_400_000);
      const link = `${deps.publicUrl}/review/${token}`;
      const values = sql`(${send.id}::uuid, ${hashReviewToken(token)}, ${expiresAt}, ${stories ? JSON.stringify(stories) : null}::jsonb)`;
      if (stories) {
        await sql`insert into review_links (send_id, token_hash, expires_at, stories) values ${values}`.execute(
          db,
        );
      } else {
        // Not fetched before the hand-over (no extra Jira call on the send's path): a job fetches them.
        await sql`with link as (
            insert into review_links (send_id, token_hash, expires_at, stories) values ${values} returning id
          )
          insert into jobs (kind, payload, run_after)
          select ${REVIEW_STORIES_JOB}, jsonb_build_object('linkId', link.id), ${now()} from link`.execute(
          db,
        );
      }
      const text = reviewNoticeText(draft, link);
      return {
        text,
        html: reviewNoticeHtml(draft, link),
        // Without SMTP the outbox copy is how the demo is followed, so it keeps the link (issue 11).
        storedText: deps.smtpConfigured
          ? reviewNoticeText(draft, `${deps.publicUrl}/review/[link]`)
          : undefined,
      };
    },
  };
}
