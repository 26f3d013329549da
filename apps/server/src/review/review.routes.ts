// The client's review (issue 11): the public page and its two calls (nothing but the link's token),
// and the staff calls on a project's reviews. Wire shapes: packages/core/src/api/review.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  projectRefBody,
  REVIEW_LINK_INVALID,
  REVIEW_THANKS,
  reviewChangeAnswer,
  reviewNoticeAnswer,
  reviewSummariesAnswer,
  reviewTokenBody,
  reviewTransitionsAnswer,
  revokeReviewLinkBody,
  setReviewTransitionsBody,
  submitVerdictsAnswer,
  submitVerdictsBody,
  userIdBody,
} from '@handoff/core/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RateLimiter, type RateRule } from '../common/rate-limiter.ts';
import { SecretBox } from '../common/secret-box.ts';
import { AppError, badRequest } from '../errors.ts';
import { findProjectForCaller, projectNotFound } from '../projects/projects.repository.ts';
import {
  findOpenLink,
  type OpenLink,
  type ReviewDeps,
  registerReviewJobs,
  reviewSummaries,
  storeVerdicts,
  storiesOfLink,
} from './review.service.ts';
import { hashReviewToken } from './review-links.ts';
import { escapeHtml } from './review-mail.ts';

const HOUR = 3_600_000;
/**
 * Generous: a client team behind one office address must manage at least 100 page views and 50
 * submissions an hour (issue 11). A view is the page and its data call, so two hits.
 */
export const REVIEW_RATE_RULES: Record<
  'viewsPerAddress' | 'viewsPerLink' | 'submitsPerAddress' | 'submitsPerLink',
  RateRule
> = {
  viewsPerAddress: { max: 400, windowMs: HOUR },
  viewsPerLink: { max: 400, windowMs: HOUR },
  submitsPerAddress: { max: 100, windowMs: HOUR },
  submitsPerLink: { max: 100, windowMs: HOUR },
};

const TOKEN_PATH = /^[A-Za-z0-9_-]{20,100}$/;

export interface ReviewRoutesOptions {
  /** The built web app (apps/web/dist) holding review.html; false: none. */
  webRoot: string | false;
  /** Whether this process runs the review jobs (the server does; a test may stop it to restart later). */
  runJobs?: boolean;
  now?: () => Date;
  /** Per Jira call of the jobs (default: the client's 10 s). */
  jiraTimeoutMs?: number;
}

function linkInvalid(): AppError {
  return new AppError(404, 'REVIEW_LINK_INVALID', REVIEW_LINK_INVALID);
}

/** The page of every unknown, expired or revoked link: that sentence and nothing else. */
const INVALID_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(REVIEW_LINK_INVALID)}</title></head><body><main><h1>${escapeHtml(REVIEW_LINK_INVALID)}</h1></main></body></html>`;

export const reviewPlugin = fp<ReviewRoutesOptions>(
  async (root, options) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const now = options.now ?? (() => new Date());
    const deps: ReviewDeps = {
      db: app.db,
      // One attempt per call: the jobs retry durably, and look for an earlier comment before posting again.
      jira: app.jira.withOptions({
        maxAttempts: 1,
        ...(options.jiraTimeoutMs ? { timeoutMs: options.jiraTimeoutMs } : {}),
      }),
      mailer: app.mailer,
      secretBox: new SecretBox(app.config.secretKey),
      jobs: app.jobs,
      log: app.log,
      now,
    };
    registerReviewJobs(deps);
    if (options.runJobs !== false) {
      app.addHook('onReady', async () => app.jobs.start());
    }
    app.addHook('onClose', async () => app.jobs.stop());

    const limiter = new RateLimiter(app.db, () => now().getTime());
    async function limit(request: FastifyRequest, token: string, kind: 'views' | 'submits') {
      // By the token's hash, so the counters never hold a working token.
      const link = `review-${kind}-link:${hashReviewToken(token)}`;
      const address = `review-${kind}-ip:${request.ip}`;
      const results = await limiter.hit([
        { key: address, rule: REVIEW_RATE_RULES[`${kind}PerAddress`] },
        { key: link, rule: REVIEW_RATE_RULES[`${kind}PerLink`] },
      ]);
      const refused = results.find((result) => !result.allowed);
      if (refused) {
        throw new AppError(
          429,
          'REVIEW_RATE_LIMITED',
          `Too many requests; try again in ${Math.ceil(refused.retryAfterSeconds / 60)} minutes.`,
          { 'retry-after': String(refused.retryAfterSeconds) },
        );
      }
    }
    const privateAnswer = (reply: FastifyReply) =>
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

    async function openLink(token: string): Promise<OpenLink> {
      const link = await findOpenLink(app.db, token, now());
      if (!link) throw linkInvalid();
      return link;
    }

    const webRoot = options.webRoot;
    // As the rest of the web app: the files that exist when the server starts are the ones it serves.
    const reviewPageBuilt = webRoot !== false && existsSync(path.join(webRoot, 'review.html'));
    app.get(
      '/review/:token',
      {
        schema: {
          hide: true,
          params: z.object({ token: z.string().max(200) }),
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        const { token } = request.params;
        const invalid = () => reply.status(404).type('text/html; charset=utf-8').send(INVALID_PAGE);
        if (!TOKEN_PATH.test(token)) return invalid();
        await limit(request, token, 'views');
        if (!(await findOpenLink(app.db, token, now()))) return invalid();
        if (!webRoot || !reviewPageBuilt) {
          throw new AppError(503, 'REVIEW_PAGE_NOT_BUILT', 'The review page is not built (npm run build).');
        }
        return reply.type('text/html; charset=utf-8').sendFile('review.html', webRoot);
      },
    );

    app.post(
      '/jira/review/getNotice',
      {
        config: { public: true },
        schema: {
          description:
            "The review page's notice: the project's name and the notice's stories (token in the body).",
          body: reviewTokenBody,
          response: { 200: reviewNoticeAnswer },
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        await limit(request, request.body.token, 'views');
        const link = await openLink(request.body.token);
        return {
          data: {
            projectName: link.projectName,
            sentAt: link.sentAt.toISOString(),
            expiresAt: link.expiresAt.toISOString(),
            stories: await storiesOfLink(deps, link),
          },
        };
      },
    );

    app.post(
      '/jira/review/submitVerdicts',
      {
        config: { public: true },
        schema: {
          description:
            "The client's verdicts on the notice's stories; every submission is kept, and each verdict is written to Jira as a comment.",
          body: submitVerdictsBody,
          response: { 200: submitVerdictsAnswer },
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        await limit(request, request.body.token, 'submits');
        const link = await openLink(request.body.token);
        const ofNotice = new Set(link.issueKeys);
        const foreign = request.body.verdicts.filter((v) => !ofNotice.has(v.key)).map((v) => v.key);
        if (foreign.length > 0) {
          throw badRequest(
            `Not a story of this notice: ${[...new Set(foreign)].join(', ')}.`,
            'REVIEW_UNKNOWN_STORY',
          );
        }
        await storeVerdicts(deps, link, request.body.verdicts);
        return { status: 200 as const, message: REVIEW_THANKS as typeof REVIEW_THANKS };
      },
    );

    app.post(
      '/jira/review/revokeLink',
      {
        schema: {
          description: "Revokes a notice's review link: it answers 404 from now on.",
          body: revokeReviewLinkBody,
          response: { 200: reviewChangeAnswer },
        },
      },
      async (request) => {
        const project = await findProjectForCaller(app.db, request.membership, request.body.projectKey);
        if (!project) throw projectNotFound(request.body.projectKey);
        const revoked = await app.db
          .updateTable('review_links')
          .set({ revoked_at: now() })
          .where('send_id', '=', (eb) =>
            eb
              .selectFrom('sends')
              .select('id')
              .where('project_id', '=', project.id)
              .where('id', '=', uuidOrNil(request.body.sendId)),
          )
          .where('revoked_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!revoked) {
          const exists = await app.db
            .selectFrom('review_links as l')
            .innerJoin('sends as s', 's.id', 'l.send_id')
            .select('l.id')
            .where('s.project_id', '=', project.id)
            .where('l.send_id', '=', uuidOrNil(request.body.sendId))
            .executeTakeFirst();
          if (!exists)
            throw new AppError(404, 'NOT_FOUND', 'This project has no notice with a review link by that id.');
        }
        return { status: 200 as const, message: 'The review link was revoked.' };
      },
    );

    app.post(
      '/jira/review/getSummaries',
      {
        schema: {
          description:
            "Per project of the workspace: its stories' latest review verdicts over all active links.",
          body: userIdBody,
          response: { 200: reviewSummariesAnswer },
        },
      },
      async (request) => ({ data: await reviewSummaries(app.db, request.membership.workspaceId, now()) }),
    );

    app.post(
      '/jira/review/getTransitions',
      {
        schema: {
          description:
            "The Jira transitions of the project's issues (as Jira lists them for its latest sent story), and the ones chosen for Failed and Passed verdicts.",
          body: projectRefBody,
          response: { 200: reviewTransitionsAnswer },
        },
      },
      async (request) => {
        const project = await app.db
          .selectFrom('projects')
          .select(['sent_issue_keys', 'review_on_failed', 'review_on_passed'])
          .where('workspace_id', '=', request.membership.workspaceId)
          .where('project_key', '=', request.body.projectKey)
          .executeTakeFirst();
        if (!project) throw projectNotFound(request.body.projectKey);
        const sample = project.sent_issue_keys.at(-1);
        const user = request.productUser;
        const available = sample
          ? await app.jira.listTransitions({ email: user.email, apiToken: user.apikey }, sample)
          : [];
        return {
          data: { available, onFailed: project.review_on_failed, onPassed: project.review_on_passed },
        };
      },
    );

    app.post(
      '/jira/review/setTransitions',
      {
        config: { ownerOnly: true },
        schema: {
          description:
            'Chooses the Jira transition a Failed verdict and a Passed verdict move an issue through (null: none, the default). Owners only.',
          body: setReviewTransitionsBody,
          response: { 200: reviewChangeAnswer },
        },
      },
      async (request) => {
        const { onFailed, onPassed, projectKey } = request.body;
        const result = await app.db
          .updateTable('projects')
          .set({
            review_on_failed: onFailed ? JSON.stringify({ id: onFailed.id, name: onFailed.name }) : null,
            review_on_passed: onPassed ? JSON.stringify({ id: onPassed.id, name: onPassed.name }) : null,
          })
          .where('workspace_id', '=', request.membership.workspaceId)
          .where('project_key', '=', projectKey)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw projectNotFound(projectKey);
        return { status: 200 as const, message: 'The review transitions were saved.' };
      },
    );
  },
  { name: 'review', dependencies: ['jobs', 'tracker', 'mailer', 'auth'] },
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A send id that is not a UUID names no send (and must not reach PostgreSQL as one). */
function uuidOrNil(id: string): string {
  return UUID.test(id) ? id : '00000000-0000-0000-0000-000000000000';
}
