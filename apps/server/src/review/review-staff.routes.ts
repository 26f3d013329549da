// The staff calls on a project's reviews: revoking a link, the workspace's summaries, and the Jira
// transitions a verdict moves an issue through. Wire shapes: packages/core/src/api/review.ts.
import {
  projectRefBody,
  reviewChangeAnswer,
  reviewSettingsAnswer,
  reviewStatusAnswer,
  reviewSummariesAnswer,
  reviewTransitionsAnswer,
  revokeReviewLinkBody,
  setReviewSettingsBody,
  setReviewTransitionsBody,
  userIdBody,
} from '@handoff/core/api';
import { clientLanguageOf } from '@handoff/core/client-language';
import { dateOf } from '@handoff/core/dates';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { storyStatusJson } from '../ledger/story-status.repository.ts';
import { findProjectForCaller, projectNotFound } from '../projects/projects.repository.ts';
import {
  reviewSettingsOf,
  reviewTransitionsOf,
  setReviewSettings,
  setReviewTransitions,
} from '../projects/review-settings.repository.ts';
import { revokeLinkOfSend, sendHasLink } from './review.repository.ts';
import { reviewSummaries } from './review.service.ts';

const withSchemas = (root: FastifyInstance) => root.withTypeProvider<ZodTypeProvider>();
type StaffApp = ReturnType<typeof withSchemas>;

/** Adds the staff calls to the review plugin's instance (behind the auth plugin's caller check). */
export function reviewStaffRoutes(root: FastifyInstance, now: () => Date): void {
  const app = withSchemas(root);
  reviewLinkRoutes(app, now);
  reviewSettingsRoutes(app);
  reviewStatusRoute(app, now);
}

/** A notice's review link revoked, and the workspace's review summaries. */
function reviewLinkRoutes(app: StaffApp, now: () => Date): void {
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
      const project = await findProjectForCaller(app.db, request.membership, request.body.projectKey, {
        siteId: request.body.siteId,
      });
      if (!project) throw projectNotFound(request.body.projectKey);
      const sendId = uuidOrNil(request.body.sendId);
      // Revoking a revoked link again is no error; a send without a link is.
      if (
        !(await revokeLinkOfSend(app.db, project.id, sendId, now())) &&
        !(await sendHasLink(app.db, project.id, sendId))
      ) {
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
}

/** A project's review settings: the reminder days and the transitions a verdict moves an issue through. */
function reviewSettingsRoutes(app: StaffApp): void {
  app.post(
    '/jira/review/getSettings',
    {
      schema: {
        description:
          "The project's review settings: reminderDays (days after a notice or its last reminder; null: off), testEnvironment, clientLanguage and noticeTemplate (null: the language's default words).",
        body: projectRefBody,
        response: { 200: reviewSettingsAnswer },
      },
    },
    async (request) => {
      const project = await findProjectForCaller(app.db, request.membership, request.body.projectKey);
      const settings = project && (await reviewSettingsOf(app.db, project.id));
      if (!settings) throw projectNotFound(request.body.projectKey);
      return {
        data: {
          reminderDays: settings.reminder_days,
          testEnvironment: settings.test_environment,
          clientLanguage: clientLanguageOf(settings.client_language),
          noticeTemplate: settings.notice_template,
        },
      };
    },
  );

  app.post(
    '/jira/review/setSettings',
    {
      config: { ownerOnly: true },
      schema: {
        description:
          "Sets the project's review settings (reminderDays, testEnvironment, clientLanguage, noticeTemplate). Owners only.",
        body: setReviewSettingsBody,
        response: { 200: reviewChangeAnswer },
      },
    },
    async (request) => {
      const { projectKey, reminderDays, testEnvironment, clientLanguage, noticeTemplate } = request.body;
      const project = await findProjectForCaller(app.db, request.membership, projectKey);
      if (!project) throw projectNotFound(projectKey);
      await setReviewSettings(app.db, project.id, {
        reminderDays,
        testEnvironment: testEnvironment || null,
        clientLanguage,
        noticeTemplate,
      });
      return { status: 200 as const, message: 'The review settings were saved.' };
    },
  );
}

/** The review status screen: every story a project sent, with its latest notice's answer. */
function reviewStatusRoute(app: StaffApp, now: () => Date): void {
  app.post(
    '/jira/review/getStatus',
    {
      schema: {
        description:
          'The review status screen: one entry per story ever sent in the project, with its state (waiting, passed, failed, retest), how many notices carried it, when the latest went out, and its latest answer.',
        body: projectRefBody,
        response: { 200: reviewStatusAnswer },
      },
    },
    async (request, reply) => {
      const project = await findProjectForCaller(app.db, request.membership, request.body.projectKey);
      if (!project) throw projectNotFound(request.body.projectKey);
      // JSON the database writes (storyStatusJson): thousands of stories, no row decoded in JavaScript.
      // Not http/json-text's sendJsonText: its cache of compressed answers would keep megabytes of these.
      const body = await storyStatusJson(app.db, project.id, dateOf(now()));
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  app.post(
    '/jira/review/getTransitions',
    {
      schema: {
        description:
          "The Jira transitions of the project's issues (as Jira lists them for its latest sent story, or before the first notice for its first story), and the ones chosen for Failed and Passed verdicts.",
        body: projectRefBody,
        response: { 200: reviewTransitionsAnswer },
      },
    },
    async (request) => {
      const project = await findProjectForCaller(app.db, request.membership, request.body.projectKey, {
        siteId: request.body.siteId,
      });
      const transitions = project && (await reviewTransitionsOf(app.db, project.id));
      if (!project || !transitions) throw projectNotFound(request.body.projectKey);
      const { workspaceId } = request.membership;
      const site = await app.sites.site(workspaceId, project.site_id);
      const credentials = await app.sites.requireCredential(workspaceId, site, request.productUser.id);
      // The latest sent story shows the workflow as it is now; before the first notice the tracker picks.
      const available = await site.tracker.listMoves(
        credentials,
        project.project_key,
        project.sent_issue_keys.at(-1),
      );
      return {
        data: { available, onFailed: transitions.review_on_failed, onPassed: transitions.review_on_passed },
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
      const project = await findProjectForCaller(app.db, request.membership, projectKey);
      if (!project || !(await setReviewTransitions(app.db, project.id, { onFailed, onPassed }))) {
        throw projectNotFound(projectKey);
      }
      return { status: 200 as const, message: 'The review transitions were saved.' };
    },
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A send id that is not a UUID names no send (and must not reach PostgreSQL as one). */
function uuidOrNil(id: string): string {
  return UUID.test(id) ? id : '00000000-0000-0000-0000-000000000000';
}
