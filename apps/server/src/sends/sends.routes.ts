import multipart from '@fastify/multipart';
import { isValidEmailEntry, texts } from '@handoff/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertSameUser, requireProductUser } from '../accounts/current-user.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { describeDeliveryFailure } from '../mail/mailer.ts';
import {
  claimIssueKeys,
  listSends,
  markSending,
  markSent,
  openManualClaims,
  releaseSends,
} from './sends.service.ts';

interface SendForm {
  subject: string;
  text: string;
  to: string[];
  cc: string[];
  projectKey: string | undefined;
  issueKeys: string[];
  file: { filename: string; content: Buffer; contentType: string } | undefined;
}

const sendResponse = z.object({
  status: z.literal(200),
  message: z.string(),
  data: z.object({ delivered: z.boolean(), sendId: z.string().nullable() }),
});

const historyEntry = z.object({
  id: z.string(),
  trigger: z.enum(['manual', 'auto']),
  status: z.enum(['pending', 'sending', 'sent', 'failed', 'abandoned', 'unconfirmed']),
  issueKeys: z.array(z.string()),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string().nullable(),
  text: z.string().nullable(),
  attachmentName: z.string().nullable(),
  attachmentSize: z.number().nullable(),
  delivered: z.boolean().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export async function sendsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const maxBytes = app.config.maxAttachmentBytes;
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 500, fieldSize: 1024 * 1024, parts: 502 },
  });

  app.post(
    '/jira/sendDownloadedIssues',
    {
      onRequest: app.requireUser,
      schema: {
        description:
          'Sends one e-mail to the client (multipart/form-data: file, subject, text, one or more "to", "cc"; ' +
          'optional "projectKey" ties it to the project so its claimed stories are given back if sending fails).',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 200: sendResponse },
      },
    },
    async (request) => {
      const user = await requireProductUser(request);
      const form = await readSendForm(request, maxBytes);
      const details = {
        to: form.to,
        cc: form.cc,
        subject: form.subject,
        text: form.text,
        attachmentName: form.file?.filename ?? null,
        attachmentSize: form.file?.content.length ?? null,
      };

      let sendIds: string[] = [];
      if (form.projectKey) {
        const project = await app.db
          .selectFrom('projects')
          .select('id')
          .where('user_id', '=', user.id)
          .where('project_key', '=', form.projectKey)
          .executeTakeFirst();
        if (!project) throw notFound(`You have no project with the key ${form.projectKey}.`);
        const claims = await openManualClaims(app.db, project.id);
        sendIds = claims.map((claim) => claim.id);
        if (form.issueKeys.length > 0 || sendIds.length === 0) {
          // recordEmpty: a send with no new stories is still part of the project's history.
          const { sendId } = await claimIssueKeys(app.db, project.id, 'manual', form.issueKeys);
          if (sendId) sendIds.push(sendId);
        }
        await markSending(app.db, sendIds, details);
      }

      try {
        const result = await app.mailer.sendMail({
          purpose: 'stories',
          to: form.to,
          cc: form.cc,
          subject: form.subject,
          text: form.text,
          attachments: form.file ? [form.file] : [],
        });
        await markSent(app.db, sendIds, { delivered: result.delivered, mailMessageId: result.messageId });
        return {
          status: 200 as const,
          message: texts.sendStories.sent,
          data: { delivered: result.delivered, sendId: sendIds.at(-1) ?? null },
        };
      } catch (error) {
        const reason = describeDeliveryFailure(error);
        request.log.warn({ reason }, 'sending stories failed');
        await releaseSends(app.db, sendIds, 'failed', `The mail server refused the e-mail: ${reason}`);
        throw new AppError(
          502,
          'MAIL_NOT_SENT',
          `The e-mail could not be sent (${reason}). Nothing was marked as sent: the stories will be offered again.`,
        );
      }
    },
  );

  app.post(
    '/jira/getProjectSends',
    {
      onRequest: app.requireUser,
      schema: {
        description:
          "A project's send history, newest first, with e-mails kept in the outbox marked not delivered.",
        security: [{ bearer: [] }],
        body: z.object({ userId: z.string(), projectKey: z.string().min(1) }),
        response: { 200: z.object({ data: z.array(historyEntry) }) },
      },
    },
    async (request) => {
      const user = await requireProductUser(request);
      assertSameUser(user, request.body.userId);
      const project = await app.db
        .selectFrom('projects')
        .select('id')
        .where('user_id', '=', user.id)
        .where('project_key', '=', request.body.projectKey)
        .executeTakeFirst();
      if (!project) throw notFound(`You have no project with the key ${request.body.projectKey}.`);
      const rows = await listSends(app.db, project.id);
      return {
        data: rows.map((row) => ({
          id: row.id,
          trigger: row.trigger,
          status: row.status,
          issueKeys: row.issue_keys,
          to: row.to_addresses,
          cc: row.cc_addresses,
          subject: row.subject,
          text: row.text_body,
          attachmentName: row.attachment_name,
          attachmentSize: row.attachment_size,
          delivered: row.delivered,
          error: row.error,
          createdAt: row.created_at.toISOString(),
          finishedAt: row.finished_at?.toISOString() ?? null,
        })),
      };
    },
  );
}

/** Reads and checks the multipart form; every problem is a 4xx with a message. */
async function readSendForm(request: FastifyRequest, maxBytes: number): Promise<SendForm> {
  if (!request.isMultipart()) throw badRequest('Send the e-mail as multipart/form-data.');
  const form: SendForm = {
    subject: '',
    text: '',
    to: [],
    cc: [],
    projectKey: undefined,
    issueKeys: [],
    file: undefined,
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        // An empty file input still sends a part with no name and no bytes.
        if (part.filename || content.length > 0) {
          form.file = { filename: part.filename || 'attachment', content, contentType: part.mimetype };
        }
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      switch (part.fieldname) {
        case 'subject':
          form.subject = value;
          break;
        case 'text':
          // Browsers send form line breaks as CRLF; keep the message as the user typed it.
          form.text = value.replace(/\r\n?/g, '\n');
          break;
        case 'to':
        case 'to[]':
          form.to.push(...splitAddresses(value));
          break;
        case 'cc':
        case 'cc[]':
          form.cc.push(...splitAddresses(value));
          break;
        case 'projectKey':
          form.projectKey = value.trim() || undefined;
          break;
        case 'issueKeys':
        case 'issueKeys[]':
          form.issueKeys.push(
            ...value
              .split(',')
              .map((key) => key.trim())
              .filter(Boolean),
          );
          break;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        413,
        'ATTACHMENT_TOO_LARGE',
        `The attachment is larger than the limit of ${formatMegabytes(maxBytes)}.`,
      );
    }
    if (code === 'FST_FILES_LIMIT') throw badRequest('Attach at most one file.');
    throw error;
  }

  // One line each: a CR or LF in the subject could otherwise start a new mail header.
  form.subject = form.subject.replace(/[\r\n]+/g, ' ').trim();
  if (!form.subject || !form.text.trim()) throw badRequest(texts.sendStories.emptySubjectOrMessage);
  if (form.to.length === 0) throw badRequest('Add at least one client e-mail address to send to.');
  const invalid = [...form.to, ...form.cc].filter((address) => !isValidEmailEntry(address));
  if (invalid.length > 0) throw badRequest(`These are not valid e-mail addresses: ${invalid.join(', ')}`);
  return form;
}

/** Browsers and clients send repeated fields; some send one comma-separated value. */
function splitAddresses(value: string): string[] {
  return value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

function formatMegabytes(bytes: number): string {
  return `${Number((bytes / 1024 / 1024).toFixed(2))} MB`;
}
