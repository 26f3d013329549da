import multipart from '@fastify/multipart';
import { texts } from '@handoff/core';
import { getProjectSendsAnswer, getProjectSendsBody, sendAnswer } from '@handoff/core/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../errors.ts';
import { sendsOf } from '../ledger/ledger.service.ts';
import type { StoriesMessage } from '../ledger/ledger.ts';
import { describeDeliveryFailure } from '../mail/mailer.ts';
import { refusedRecipients } from '../mail/recipient-answers.ts';
import { sendStories } from '../messages/notices.ts';
import { projectForCaller, projectNotFound } from '../projects/projects.service.ts';
import { reviewsOfSends } from '../review/review.service.ts';
import { offerAgainRoutes } from './offer-again.routes.ts';
import { limitSendBody, readSendForm, sendFormParserLimits } from './send-form.ts';
import {
  assertKeysOfProject,
  assertRecipientsAllowed,
  assertRecipientsOf,
  SendRateLimit,
} from './send-guards.ts';

export async function sendsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const maxBytes = app.config.maxAttachmentBytes;
  await app.register(multipart, { limits: sendFormParserLimits(maxBytes) });
  const sendRateLimit = new SendRateLimit(app, app.config.maxSendsPerHour);
  offerAgainRoutes(app);

  app.post(
    '/jira/sendDownloadedIssues',
    {
      onRequest: limitSendBody(maxBytes),
      schema: {
        description:
          'Sends one e-mail to the client (multipart/form-data: file, subject, text, one or more "to", "cc"). ' +
          'With "projectKey" it is a send of that project\'s stories and must name them in "issueKeys" ' +
          '(comma-separated or repeated; empty for none), and may ask the client to answer by a date ' +
          '("answerBy", YYYY-MM-DD, not in the past; its notice says so), and name the release its stories are of ' +
          '("release", at most 255 characters on one line: kept with the send, shown in its notice, review page and status): it takes over the claims the project update made ' +
          'for those keys, and is refused with 409, e-mailing nothing, if any of them was sent meanwhile.',
        consumes: ['multipart/form-data'],
        response: { 200: sendAnswer },
      },
    },
    async (request) => {
      const user = request.productUser;
      const form = await readSendForm(request, maxBytes);
      const message: StoriesMessage = {
        to: form.to,
        cc: form.cc,
        subject: form.subject,
        text: form.text,
        ...(form.file ? { attachment: form.file } : {}),
        ...(form.answerBy ? { answerBy: form.answerBy } : {}),
        ...(form.release ? { release: form.release } : {}),
      };

      if (!form.projectKey) {
        // Not tied to a project: an e-mail only, with no stories to account for.
        await assertRecipientsAllowed(app, request.membership.workspaceId, form);
        await sendRateLimit.assertAllowed(user.id);
        const mail = { to: form.to, cc: form.cc, subject: form.subject, text: form.text };
        const result = await sendStories(app.mailer, {
          ...mail,
          attachments: form.file ? [form.file] : [],
        }).catch((error: unknown) => {
          throw mailNotSent(describeDeliveryFailure(error));
        });
        return {
          status: 200 as const,
          message: texts.sendStories.sent,
          data: { delivered: result.delivered, sendId: null, refused: refusedRecipients(result.recipients) },
        };
      }
      if (form.issueKeys === null) {
        throw badRequest(
          'Name the stories of this e-mail in "issueKeys" (comma-separated; empty when it has none).',
        );
      }
      // The same guards, inside the claim: on the project row it locks anyway, and counted in its
      // transaction, so a send refused there (400, 403, 429, or 409) is not counted.
      const send = await app.ledger.startManualSend(
        {
          workspaceId: request.membership.workspaceId,
          projectKey: form.projectKey,
          sentBy: user.id,
          siteId: form.siteId,
        },
        form.issueKeys,
        message,
        async (trx, project) => {
          const site = await app.sites.site(request.membership.workspaceId, project.siteId, trx);
          assertKeysOfProject(site.tracker, project.projectKey, form.issueKeys ?? []);
          assertRecipientsOf([project], form);
          await sendRateLimit.assertAllowed(user.id, trx);
        },
      );
      if (!send) throw projectNotFound(form.projectKey);
      const delivery = await app.ledger.deliver(send, message);
      if (delivery.outcome === 'refused') {
        request.log.warn({ reason: delivery.reason }, 'sending stories failed');
        throw mailNotSent(delivery.reason);
      }
      if (delivery.outcome === 'unconfirmed') {
        throw new AppError(
          502,
          'MAIL_UNCONFIRMED',
          `${delivery.reason} Its stories stay marked as sent, and the "Sent" history flags the e-mail as unconfirmed.`,
        );
      }
      return {
        status: 200 as const,
        message: texts.sendStories.sent,
        data: { delivered: delivery.delivered, sendId: send.id, refused: delivery.refused },
      };
    },
  );

  app.post(
    '/jira/getProjectSends',
    {
      schema: {
        description:
          "A project's send history, newest first, with e-mails kept in the outbox marked not delivered.",
        body: getProjectSendsBody,
        response: { 200: getProjectSendsAnswer },
      },
    },
    async (request) => {
      const { projectKey, siteId } = request.body;
      const project = await projectForCaller(app.db, request.membership, { projectKey, siteId });
      const rows = await sendsOf(app.db, project.id);
      const reviews = await reviewsOfSends(
        app.db,
        rows.map((row) => row.id),
        new Date(),
        app.config,
      );
      return {
        data: rows.map((row) => ({
          id: row.id,
          trigger: row.trigger,
          status: row.status,
          issueKeys: row.issue_keys,
          to: row.to_addresses,
          cc: row.cc_addresses,
          subject: row.subject,
          text: row.outbox_text ?? row.text_body,
          attachmentName: row.attachment_name,
          attachmentSize: row.attachment_size,
          delivered: row.delivered,
          error: row.error,
          recipients: row.recipient_answers,
          sentBy: row.sent_by,
          sentByName: row.sent_by_name || null,
          createdAt: row.created_at.toISOString(),
          finishedAt: row.finished_at?.toISOString() ?? null,
          review: reviews.get(row.id) ?? null,
          release: row.release_name,
        })),
      };
    },
  );
}

function mailNotSent(reason: string): AppError {
  return new AppError(
    502,
    'MAIL_NOT_SENT',
    `The e-mail could not be sent (${reason}). Nothing was marked as sent: the stories will be offered again.`,
  );
}
