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
import { mailProblemOf } from '../mail/mailer.ts';
import {
  reviewSettingsFor,
  saveReviewSettings,
  saveReviewTransitions,
} from '../projects/review-settings.service.ts';
import { workspaceBrand } from '../workspaces/workspace-brand.ts';
import { availableMoves, reviewSummaries, revokeLink, storyStatusOf } from './review-staff.service.ts';

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
      const { projectKey, siteId, sendId } = request.body;
      await revokeLink(app.db, request.membership, { projectKey, siteId }, uuidOrNil(sendId), now());
      return { status: 200 as const, message: 'The review link was revoked.' };
    },
  );

  app.post(
    '/jira/review/getSummaries',
    {
      schema: {
        description:
          'Per project key of the workspace: how many of its sent stories are passed, failed, waiting, re-test or overdue, one state per story as the review status screen (getStatus) shows it.',
        body: userIdBody,
        response: { 200: reviewSummariesAnswer },
      },
    },
    async (request) => ({ data: await reviewSummaries(app.db, request.membership, dateOf(now())) }),
  );
}

/** A project's review settings: the reminder days and the transitions a verdict moves an issue through. */
function reviewSettingsRoutes(app: StaffApp): void {
  app.post(
    '/jira/review/getSettings',
    {
      schema: {
        description:
          "The project's review settings: reminderDays (days after a notice or its last reminder; null: off), testEnvironment, clientLanguage and noticeTemplate (null: the language's default words); and mailFrom, the From of the e-mails the server sends (MAIL_FROM), with mailProblem (noMailServer: SMTP_URL unset; builtInSender: MAIL_FROM at localhost; null: mail is set up), and sender (the caller's name and the company clients see, the e-mail's signature), for the send screen's Preview.",
        body: projectRefBody,
        response: { 200: reviewSettingsAnswer },
      },
    },
    async (request) => {
      const { projectKey } = request.body;
      const settings = await reviewSettingsFor(app.db, request.membership, { projectKey });
      return {
        data: {
          reminderDays: settings.reminder_days,
          testEnvironment: settings.test_environment,
          clientLanguage: clientLanguageOf(settings.client_language),
          noticeTemplate: settings.notice_template,
          mailFrom: app.config.mailFrom,
          mailProblem: mailProblemOf(app.config),
          sender: {
            name: request.productUser.name,
            company: (await workspaceBrand(app.db, request.membership.workspaceId, request.productUser.email))
              .name,
          },
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
      await saveReviewSettings(
        app.db,
        request.membership,
        { projectKey },
        {
          reminderDays,
          testEnvironment: testEnvironment || null,
          clientLanguage,
          noticeTemplate,
        },
      );
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
      const { projectKey } = request.body;
      // JSON the database writes (storyStatusJson): thousands of stories, no row decoded in JavaScript.
      // Not http/json-text's sendJsonText: its cache of compressed answers would keep megabytes of these.
      const body = await storyStatusOf(app.db, request.membership, { projectKey }, dateOf(now()));
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
      const { projectKey, siteId } = request.body;
      const { transitions, available } = await availableMoves(app, request.membership, request.productUser, {
        projectKey,
        siteId,
      });
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
      await saveReviewTransitions(app.db, request.membership, { projectKey }, { onFailed, onPassed });
      return { status: 200 as const, message: 'The review transitions were saved.' };
    },
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A send id that is not a UUID names no send (and must not reach PostgreSQL as one). */
function uuidOrNil(id: string): string {
  return UUID.test(id) ? id : '00000000-0000-0000-0000-000000000000';
}
