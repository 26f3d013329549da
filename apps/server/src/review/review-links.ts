// The review link of a notice (main README, "The link"): made when the ledger hands the notice to the mail server, for
// manual and automatic sends alike. The token (32 random bytes, base64url) is found by its SHA-256, and kept
// sealed under SECRET_KEY so staff can copy the link from the history: a copy of the database alone opens
// no link.
import { createHash, randomBytes } from 'node:crypto';
import { type Issue, testStepsOf } from '@handoff/core';
import { clientLanguageOf } from '@handoff/core/client-language';
import { personOf } from '../accounts/accounts.service.ts';
import { SecretBox } from '../common/secret-box.ts';
import type { Db } from '../db/database.ts';
import type { ReviewStorySnapshot } from '../db/schema.ts';
import { type NoticeParts, noticeParts } from '../messages/notices.ts';
import type { Story } from '../tracker/tracker.ts';
import { workspaceBrand } from '../workspaces/workspace-brand.ts';
import { insertReviewLink, noticeSenderIds } from './review.repository.ts';

export const REVIEW_STORIES_JOB = 'review-stories';

export function newReviewToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashReviewToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const boxes = new Map<string, SecretBox>();
function reviewLinkBox(secretKey: string): SecretBox {
  let box = boxes.get(secretKey);
  if (!box) {
    box = new SecretBox(secretKey, 'review-link');
    boxes.set(secretKey, box);
  }
  return box;
}

/** The link of a sealed token (the history's copy button), or null: none was kept, or it no longer opens. */
export function reviewLinkOf(
  config: { publicUrl: string; secretKey: string },
  tokenSealed: string | null,
): string | null {
  if (tokenSealed === null) return null;
  try {
    return `${config.publicUrl}/review/${reviewLinkBox(config.secretKey).open(tokenSealed)}`;
  } catch {
    // Sealed under another SECRET_KEY (it was changed): the link still works, but only the e-mail has it.
    return null;
  }
}

/**
 * The notice's stories as the page shows them, in the notice's order: the tracker's neutral stories, or
 * the product API's (auto-send's, whose test steps are read as the draft reads them, packages/core).
 */
export function snapshotOf(
  stories: ReadonlyArray<Story | Issue>,
  keys: readonly string[],
): ReviewStorySnapshot[] {
  const byKey = new Map(stories.map((story) => [story.key, story]));
  return keys.map((key) => {
    const story = byKey.get(key);
    if (!story) return { key, summary: key, testSteps: [] };
    const groups = { epic: story.epic ?? null, type: story.type ?? null };
    return 'title' in story
      ? { key, summary: story.title.trim() || key, testSteps: story.testSteps, ...groups }
      : {
          key,
          summary: story.issueHeader.trim() || key,
          testSteps: testStepsOf(story.description),
          ...groups,
        };
  });
}

export interface ReviewLinks {
  /**
   * Opens the notice's review link (one statement: the link with its answer-by date and the project's
   * test environment, and for a notice without its stories at hand, the job that fetches them after the
   * hand-over) and returns the e-mail's parts. Runs in `db`, the send's claim transaction.
   */
  open(
    db: Db,
    send: { id: string; projectId: string; issueKeys: readonly string[] },
    message: {
      text: string;
      reviewStories?: ReviewStorySnapshot[] | undefined;
      answerBy?: string | undefined;
      release?: string | undefined;
    },
  ): Promise<NoticeParts>;
  /** After the hand-over: this process starts the queued job (if any) now. */
  handedOver(): void;
}

export function createReviewLinks(deps: {
  publicUrl: string;
  secretKey: string;
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
    async open(db, send, message) {
      const token = newReviewToken();
      const expiresAt = new Date(now().getTime() + deps.linkDays * 86_400_000);
      const answerBy = message.answerBy ?? null;
      // Without its stories (not fetched before the hand-over: no extra Jira call on the send's path), a
      // job fetches them.
      const { testEnvironment, clientLanguage } = await insertReviewLink(
        db,
        {
          sendId: send.id,
          projectId: send.projectId,
          tokenHash: hashReviewToken(token),
          tokenSealed: reviewLinkBox(deps.secretKey).seal(token),
          expiresAt,
          stories: message.reviewStories,
          answerBy,
        },
        { kind: REVIEW_STORIES_JOB, runAfter: now() },
      );
      return noticeParts({
        // The HTML part signs with the sender's name and the company as clients see it (the review page's).
        draft: message.text,
        link: `${deps.publicUrl}/review/${token}`,
        // Without SMTP the outbox copy is how the demo is followed, so it keeps the link (main README).
        storedLink: deps.smtpConfigured ? `${deps.publicUrl}/review/[link]` : undefined,
        keys: send.issueKeys,
        details: {
          release: message.release ?? null,
          testEnvironment,
          answerBy,
          sender: await senderOf(db, send.id),
        },
        language: clientLanguageOf(clientLanguage),
      });
    },
  };
}

/** The notice's signature: the sender's display name and the company (workspace brand) clients see. */
async function senderOf(db: Db, sendId: string) {
  const ids = await noticeSenderIds(db, sendId);
  if (!ids) return null;
  const person = await personOf(db, ids.userId);
  const brand = await workspaceBrand(db, ids.workspaceId, person?.email ?? null);
  return { name: person?.name ?? '', company: brand.name };
}
