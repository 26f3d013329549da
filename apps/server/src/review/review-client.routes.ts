// The client's side of the review: the public page, its logo and its three calls, each named by nothing but
// the link's token, rate-limited by the token and by the address. Wire shapes: packages/core/src/api/review.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  REVIEW_LINK_INVALID,
  REVIEW_SIGNED_OFF_THANKS,
  REVIEW_THANKS,
  reviewLinkStateAnswer,
  reviewNoticeAnswer,
  reviewTokenBody,
  signOffAnswer,
  signOffBody,
  submitVerdictsAnswer,
  submitVerdictsBody,
} from '@handoff/core/api';
import { reviewPageMessages } from '@handoff/core/catalogues/index';
import type { ClientLanguage } from '@handoff/core/client-language';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { personOf } from '../accounts/accounts.service.ts';
import { RateLimiter, type RateRule } from '../common/rate-limiter.ts';
import { AppError, badRequest } from '../errors.ts';
import { workspaceBrand, workspaceLogo } from '../workspaces/workspace-brand.ts';
import { acceptedLanguage, invalidLinkPages } from './invalid-link-page.ts';
import {
  findOpenLink,
  linkByToken,
  type OpenLink,
  type ReviewDeps,
  reviewerOfLink,
  storeVerdicts,
  storiesOfLink,
} from './review.service.ts';
import { hashReviewToken } from './review-links.ts';
import { signOff } from './sign-off.ts';

const HOUR = 3_600_000;
/**
 * Generous: a client team behind one office address must manage at least 100 page views and 50
 * submissions an hour (main README, "Limits"). A view is the page and its data call, so two hits.
 */
const REVIEW_RATE_RULES: Record<
  'viewsPerAddress' | 'viewsPerLink' | 'submitsPerAddress' | 'submitsPerLink',
  RateRule
> = {
  viewsPerAddress: { max: 400, windowMs: HOUR },
  viewsPerLink: { max: 400, windowMs: HOUR },
  submitsPerAddress: { max: 100, windowMs: HOUR },
  submitsPerLink: { max: 100, windowMs: HOUR },
};

const TOKEN_PATH = /^[A-Za-z0-9_-]{20,100}$/;

function linkInvalid(): AppError {
  return new AppError(404, 'REVIEW_LINK_INVALID', REVIEW_LINK_INVALID);
}

/** What every client call does first: limit the caller, open the link, keep the answer private. */
interface ClientGuard {
  limit(request: FastifyRequest, token: string, kind: 'views' | 'submits'): Promise<void>;
  openLink(token: string): Promise<OpenLink>;
  privateAnswer(reply: FastifyReply): FastifyReply;
}

function clientGuard(app: FastifyInstance, now: () => Date): ClientGuard {
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

  return { limit, openLink, privateAnswer };
}

/** The client's routes: the page, its logo, the notice, the verdicts and the sign-off. */
export function reviewClientRoutes(
  root: FastifyInstance,
  { deps, now, webRoot }: { deps: ReviewDeps; now: () => Date; webRoot: string | false },
): void {
  const guard = clientGuard(root, now);
  reviewPageRoute(root, guard, webRoot, now);
  reviewLogoRoute(root, guard, now);
  reviewLinkStateRoute(root, guard, now);
  reviewAnswerRoutes(root, guard, deps);
}

/**
 * GET /review/{token}: the built review.html for an open link; for any other, review.html with status 404
 * (it asks getLinkState why the link is closed, and says so in the notice's language). While the page is
 * not built, the invalid-link sentence alone, in the notice's language or the browser's.
 */
function reviewPageRoute(
  root: FastifyInstance,
  { limit, privateAnswer }: ClientGuard,
  webRoot: string | false,
  now: () => Date,
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // As the rest of the web app: the files that exist when the server starts are the ones it serves.
  const reviewPageBuilt = webRoot !== false && existsSync(path.join(webRoot, 'review.html'));
  const invalidPages = invalidLinkPages(
    webRoot && reviewPageBuilt ? readFileSync(path.join(webRoot, 'review.html'), 'utf8') : null,
  );
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
      // An expired or revoked link speaks its notice's language; an unknown one the browser's.
      const invalid = (language: ClientLanguage | null) => {
        if (webRoot && reviewPageBuilt) {
          return reply.status(404).type('text/html; charset=utf-8').sendFile('review.html', webRoot);
        }
        const shown = language ?? acceptedLanguage(request.headers['accept-language']);
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .header('content-language', shown)
          .header('vary', 'accept-language')
          .send(invalidPages.get(shown));
      };
      if (!TOKEN_PATH.test(token)) return invalid(null);
      await limit(request, token, 'views');
      const { state, link } = await linkByToken(app.db, token, now());
      if (state !== 'open') return invalid(link?.clientLanguage ?? null);
      if (!webRoot || !reviewPageBuilt) {
        throw new AppError(503, 'REVIEW_PAGE_NOT_BUILT', 'The review page is not built (npm run build).');
      }
      return reply.type('text/html; charset=utf-8').sendFile('review.html', webRoot);
    },
  );
}

/** The notice for the page, the client's verdicts and the sign-off. */
function reviewAnswerRoutes(
  root: FastifyInstance,
  { limit, openLink, privateAnswer }: ClientGuard,
  deps: ReviewDeps,
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

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
          ...(await senderOf(app.db, link, request.body.token)),
          sentAt: link.sentAt.toISOString(),
          expiresAt: link.expiresAt.toISOString(),
          stories: await storiesOfLink(deps, link),
          signedOff: link.signedOff,
          reviewer: await reviewerOfLink(deps, link),
          testEnvironment: link.testEnvironment,
          answerBy: link.answerBy,
          release: link.release,
          language: link.clientLanguage,
          messages: reviewPageMessages(link.clientLanguage),
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
          "The client's verdicts on the notice's stories, with the reviewer's name; every change is kept and written to Jira as a comment (the same verdicts again change nothing). 409 once the notice is signed off.",
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
      await storeVerdicts(deps, link, request.body.verdicts, request.body.reviewer);
      return { status: 200 as const, message: REVIEW_THANKS as typeof REVIEW_THANKS };
    },
  );

  app.post(
    '/jira/review/signOff',
    {
      config: { public: true },
      schema: {
        description:
          "The client's sign-off of the notice once every story has a verdict: records the name, the time and each verdict, makes the verdicts final and e-mails the project's owner a summary.",
        body: signOffBody,
        response: { 200: signOffAnswer },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      await limit(request, request.body.token, 'submits');
      const link = await openLink(request.body.token);
      await signOff(deps, link, request.body.reviewer);
      return {
        status: 200 as const,
        message: REVIEW_SIGNED_OFF_THANKS as typeof REVIEW_SIGNED_OFF_THANKS,
      };
    },
  );
}

/**
 * GET /review/{token}/logo: the logo of the workspace that sent the link's notice, for its review page
 * (same origin, the same token: nothing the strict Content-Security-Policy must allow).
 */
function reviewLogoRoute(root: FastifyInstance, { limit }: ClientGuard, now: () => Date): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/review/:token/logo',
    {
      schema: {
        hide: true,
        params: z.object({ token: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      if (!TOKEN_PATH.test(token)) throw linkInvalid();
      await limit(request, token, 'views');
      // Expired and revoked links too: their page still shows who sent the notice.
      const { link } = await linkByToken(app.db, token, now());
      if (!link) throw linkInvalid();
      const logo = await workspaceLogo(app.db, link.workspaceId);
      // An image of the type its first bytes proved, never sniffed as anything else (such as HTML). Kept by
      // this browser only (its address holds the token); a new upload changes the address (?v=).
      return reply
        .type(logo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header('referrer-policy', 'no-referrer')
        .send(logo.image);
    },
  );
}

/** Who sent a link's notice, as its pages show them: the company, its logo, the sender's address. */
async function senderOf(db: FastifyInstance['db'], link: OpenLink, token: string) {
  const sender = await personOf(db, link.sentByUserId ?? link.projectAddedBy);
  const senderEmail = sender?.email ?? null;
  const brand = await workspaceBrand(db, link.workspaceId, senderEmail);
  return {
    workspaceName: brand.name,
    logoUrl: brand.logoUpdatedAt ? `/review/${token}/logo?v=${brand.logoUpdatedAt.getTime()}` : null,
    senderEmail,
    senderName: sender?.name || null,
  };
}

/**
 * POST /jira/review/getLinkState: why a link no longer opens its notice, for the invalid-link page, in the
 * notice's language (an unknown link's in the browser's).
 */
function reviewLinkStateRoute(
  root: FastifyInstance,
  { limit, privateAnswer }: ClientGuard,
  now: () => Date,
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/jira/review/getLinkState',
    {
      config: { public: true },
      schema: {
        description:
          "Why a review link no longer opens its notice (expired, revoked, unknown), with the sender's company and address for a link that exists, and the page's messages in the notice's language (an unknown link's: the browser's): the invalid-link page.",
        body: reviewTokenBody,
        response: { 200: reviewLinkStateAnswer },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      await limit(request, request.body.token, 'views');
      const { state, link } = await linkByToken(app.db, request.body.token, now());
      const sender = link
        ? await senderOf(app.db, link, request.body.token)
        : { workspaceName: null, logoUrl: null, senderEmail: null, senderName: null };
      const language = link?.clientLanguage ?? acceptedLanguage(request.headers['accept-language']);
      const ended = state === 'expired' ? link.expiresAt : state === 'revoked' ? link.revokedAt : null;
      const closedLink = { projectName: link?.projectName ?? null, endedAt: ended?.toISOString() ?? null };
      return { data: { state, ...sender, ...closedLink, language, messages: reviewPageMessages(language) } };
    },
  );
}
