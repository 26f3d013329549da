// The multipart form of POST /jira/sendDownloadedIssues, read with a bound on every part: one file,
// named fields each with its own limit, unknown fields refused. A body too large is refused while it
// streams in, so no request can make the server hold more than the limits allow.
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { comparableEmail, isValidEmailEntry, texts } from '@handoff/core';
import { MAX_ADDRESSES } from '@handoff/core/api';
import { answerByProblem } from '@handoff/core/dates';
import { subjectLine } from '@handoff/core/notice-mail';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.ts';
import { rejectedTextProblem } from '../http/safe-input.ts';

/** Limits of the send form; the README's limits table lists them. */
const SEND_FORM_LIMITS = {
  /** Characters of the subject. */
  subject: 500,
  /** Characters of the message. */
  text: 100_000,
  /** Characters of the project key and of each issue key. */
  key: 255,
  /** Characters of the release's name (Jira's own limit for a version name). */
  release: 255,
  /** Addresses in "to", and in "cc". */
  addresses: MAX_ADDRESSES,
  /** Issue keys named by one send. */
  issueKeys: 1_000,
  /** Bytes of the form's fields together, beside the attachment. */
  fieldBytes: 1024 * 1024,
} as const;

const FIELDS = [
  'subject',
  'text',
  'to',
  'cc',
  'projectKey',
  'issueKeys',
  'siteId',
  'answerBy',
  'release',
] as const;
type FieldName = (typeof FIELDS)[number];
/** Browsers and some clients name repeated fields `to[]`. */
const fieldName = (name: string): FieldName | undefined => {
  const bare = name.endsWith('[]') ? name.slice(0, -2) : name;
  return (FIELDS as readonly string[]).includes(bare) ? (bare as FieldName) : undefined;
};

interface SendForm {
  subject: string;
  text: string;
  to: string[];
  cc: string[];
  projectKey: string | undefined;
  /** The project's site, where two sites have its key (`default` or an added site's id). */
  siteId: string | undefined;
  /** The stories of the draft; null when the form has no issueKeys field at all. */
  issueKeys: string[] | null;
  /** The date the client is asked to answer by (`YYYY-MM-DD`, not in the past); undefined: none. */
  answerBy: string | undefined;
  /** The name of the release (or sprint) the notice is of; undefined: stories by status. */
  release: string | undefined;
  file: { filename: string; content: Buffer; contentType: string } | undefined;
}

/** The largest body the form may have: the attachment plus the fields. */
const maxSendBodyBytes = (maxAttachmentBytes: number) => maxAttachmentBytes + SEND_FORM_LIMITS.fieldBytes;

/** The multipart parser's own limits (busboy): they bound what it buffers before we see a part. */
export function sendFormParserLimits(maxAttachmentBytes: number) {
  // The single fields (subject, text, projectKey, siteId, answerBy, release), the addresses, the keys one each.
  const fields = 6 + 2 * SEND_FORM_LIMITS.addresses + SEND_FORM_LIMITS.issueKeys;
  return {
    fileSize: maxAttachmentBytes,
    files: 1,
    fields,
    parts: fields + 1,
    // The longest field (the message) in UTF-8; the whole form is also bounded by fieldBytes.
    fieldSize: 4 * SEND_FORM_LIMITS.text,
    fieldNameSize: 100,
    headerPairs: 20,
  };
}

/** The answer to a body over the limit; the connection is closed after it, so the client stops uploading. */
function tooLarge(maxAttachmentBytes: number): AppError {
  return new AppError(
    413,
    'REQUEST_TOO_LARGE',
    `The e-mail is larger than the limit of ${formatMegabytes(maxSendBodyBytes(maxAttachmentBytes))} ` +
      `(an attachment of at most ${formatMegabytes(maxAttachmentBytes)} and ${formatMegabytes(SEND_FORM_LIMITS.fieldBytes)} of text).`,
    { connection: 'close' },
  );
}

/**
 * onRequest hook of the send route: a declared Content-Length over the limit is refused before a byte
 * of the body is read (a body without one is counted as it streams in: see readSendForm).
 */
export function limitSendBody(maxAttachmentBytes: number) {
  const limit = maxSendBodyBytes(maxAttachmentBytes);
  return async (request: FastifyRequest): Promise<void> => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) throw tooLarge(maxAttachmentBytes);
  };
}

/** Counts the body as it arrives and stops the multipart reader at the limit, whatever the headers said. */
function countBody(request: FastifyRequest, maxAttachmentBytes: number): void {
  const limit = maxSendBodyBytes(maxAttachmentBytes);
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limit) return;
    request.raw.off('data', count);
    // The multipart reader listens for request errors: it stops reading, and its consumer gets this.
    request.raw.emit('error', tooLarge(maxAttachmentBytes));
  };
  request.raw.on('data', count);
}

/** Reads and checks the multipart form; every problem is a 4xx with a message naming the limit. */
export async function readSendForm(request: FastifyRequest, maxAttachmentBytes: number): Promise<SendForm> {
  if (!request.isMultipart()) throw badRequest('Send the e-mail as multipart/form-data.');
  const form: SendForm = {
    subject: '',
    text: '',
    to: [],
    cc: [],
    projectKey: undefined,
    siteId: undefined,
    issueKeys: null,
    answerBy: undefined,
    release: undefined,
    file: undefined,
  };
  let fieldBytes = 0;
  try {
    // parts() starts piping the body into the parser; the counter listens beside it.
    const parts = request.parts();
    countBody(request, maxAttachmentBytes);
    for await (const part of parts) {
      if (part.type === 'file') {
        form.file = await readFile(part);
        continue;
      }
      fieldBytes += Buffer.byteLength(String(part.value ?? '')) + part.fieldname.length;
      if (fieldBytes > SEND_FORM_LIMITS.fieldBytes) {
        throw new AppError(
          413,
          'FIELDS_TOO_LARGE',
          `The form's fields are larger than the limit of ${formatMegabytes(SEND_FORM_LIMITS.fieldBytes)}.`,
        );
      }
      addField(form, part);
    }
  } catch (error) {
    throw formError(error, maxAttachmentBytes);
  }

  form.subject = subjectLine(form.subject);
  if (!form.subject || !form.text.trim()) throw badRequest(texts.sendStories.emptySubjectOrMessage);
  if (form.to.length === 0) throw badRequest('Add at least one client e-mail address to send to.');
  if (form.release && !form.projectKey) {
    throw badRequest('A release belongs to a project: name it in "projectKey".', 'RELEASE_WITHOUT_PROJECT');
  }
  const invalid = [...form.to, ...form.cc].filter((address) => !isValidEmailEntry(address));
  if (invalid.length > 0) throw badRequest(`These are not valid e-mail addresses: ${invalid.join(', ')}`);
  // From here on each address is in its one spelling: checked, mailed and kept in the history as such.
  form.to = [...new Set(form.to.map(comparableEmail))];
  form.cc = [...new Set(form.cc.map(comparableEmail))];
  return form;
}

async function readFile(part: MultipartFile): Promise<SendForm['file']> {
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest(`Unknown form field "${part.fieldname}": attach the file as "file".`, 'UNKNOWN_FIELD');
  }
  const content = await part.toBuffer();
  // An empty file input still sends a part with no name and no bytes.
  if (!part.filename && content.length === 0) return undefined;
  const filename = part.filename || 'attachment';
  const problem = rejectedTextProblem(filename, 'file name');
  if (problem) throw badRequest(problem, 'INVALID_TEXT');
  const disguise = disguiseProblem(filename);
  if (disguise)
    throw badRequest(`The attachment's file name may not contain ${disguise}.`, 'INVALID_FILE_NAME');
  return { filename, content, contentType: part.mimetype };
}

/**
 * What in a file name could disguise what the file is, as the rule it breaks; undefined when nothing.
 * Control characters, and the bidirectional controls that reorder how a name is shown, so that
 * `invoice\u202Efdp.exe` reads as "invoiceexe.pdf"; invisible format characters (soft hyphen, zero-width
 * space), variation selectors and the combining grapheme joiner, which hide inside a name; and runs of
 * spaces (`invoice.pdf` + 8 × U+3000 + `.exe`) that push the real extension out of sight (Unicode Technical
 * Report 36: https://www.unicode.org/reports/tr36/#Bidirectional_Text_Spoofing).
 */
function disguiseProblem(filename: string): string | undefined {
  for (const [pattern, rule] of DISGUISES) if (pattern.test(filename)) return rule;
  return undefined;
}

const DISGUISES: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u,
    'control characters or bidirectional text controls (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069): they can disguise what a file is',
  ],
  [
    /\p{Cf}/u,
    'invisible format characters (Unicode category Cf, such as U+00AD soft hyphen or U+200B zero-width space): they can hide what a file is',
  ],
  [
    /[\u034F\u180B-\u180D\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u,
    'variation selectors or the combining grapheme joiner (U+FE00–U+FE0F, U+E0100–U+E01EF, U+180B–U+180F, U+034F): they can hide what a file is',
  ],
  [
    /\p{Zs}{2,}/u,
    'two or more spaces in a row (of any kind, such as U+3000 ideographic space): they can push the real extension out of sight',
  ],
];

function addField(form: SendForm, part: MultipartValue): void {
  const name = fieldName(part.fieldname);
  if (!name) {
    throw badRequest(
      `Unknown form field "${part.fieldname.slice(0, 100)}". The fields are: file, ${FIELDS.join(', ')}.`,
      'UNKNOWN_FIELD',
    );
  }
  const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
  const problem = rejectedTextProblem(value, name);
  if (problem) throw badRequest(problem, 'INVALID_TEXT');
  const tooLong = (limit: number, what: string) => {
    if (part.valueTruncated || value.length > limit) {
      throw new AppError(
        413,
        'FIELD_TOO_LARGE',
        `The ${what} is longer than the limit of ${limit} characters.`,
      );
    }
  };
  switch (name) {
    case 'subject':
      tooLong(SEND_FORM_LIMITS.subject, 'subject');
      form.subject = value;
      break;
    case 'text':
      tooLong(SEND_FORM_LIMITS.text, 'message');
      // Browsers send form line breaks as CRLF; keep the message as the user typed it.
      form.text = value.replace(/\r\n?/g, '\n');
      break;
    case 'to':
    case 'cc': {
      const list = form[name];
      list.push(...splitList(value));
      if (list.length > SEND_FORM_LIMITS.addresses) {
        throw badRequest(
          `At most ${SEND_FORM_LIMITS.addresses} addresses in "${name}".`,
          'TOO_MANY_RECIPIENTS',
        );
      }
      break;
    }
    case 'projectKey':
      tooLong(SEND_FORM_LIMITS.key, 'project key');
      form.projectKey = value.trim() || undefined;
      break;
    case 'siteId':
      tooLong(64, 'site id');
      form.siteId = value.trim() || undefined;
      break;
    case 'answerBy': {
      // An empty field is the date input left blank: no answer-by date.
      const date = value.trim();
      const problem = date ? answerByProblem(date, new Date()) : null;
      if (problem) throw badRequest(problem, 'INVALID_ANSWER_BY');
      form.answerBy = date || undefined;
      break;
    }
    case 'release': {
      tooLong(SEND_FORM_LIMITS.release, 'release name');
      // One line: it goes into the notice's lines and the review page's heading.
      if (/[\p{Cc}\u2028\u2029]/u.test(value)) {
        throw badRequest(
          'The release name may not contain line breaks or control characters.',
          'INVALID_RELEASE',
        );
      }
      form.release = value.trim() || undefined;
      break;
    }
    case 'issueKeys': {
      const keys = splitList(value);
      if (keys.some((key) => key.length > SEND_FORM_LIMITS.key)) {
        throw badRequest(`An issue key is longer than the limit of ${SEND_FORM_LIMITS.key} characters.`);
      }
      form.issueKeys ??= [];
      form.issueKeys.push(...keys);
      if (form.issueKeys.length > SEND_FORM_LIMITS.issueKeys) {
        throw badRequest(
          `At most ${SEND_FORM_LIMITS.issueKeys} issue keys in one send.`,
          'TOO_MANY_ISSUE_KEYS',
        );
      }
      break;
    }
  }
}

/** The multipart reader's failures as answers: limits are 413/400 naming the limit, a broken body 400. */
function formError(error: unknown, maxAttachmentBytes: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        413,
        'ATTACHMENT_TOO_LARGE',
        `The attachment is larger than the limit of ${formatMegabytes(maxAttachmentBytes)}.`,
      );
    case 'FST_FILES_LIMIT':
      return badRequest('Attach at most one file.', 'TOO_MANY_FILES');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(
        413,
        'TOO_MANY_FIELDS',
        `The form has more fields than the limit of ${sendFormParserLimits(maxAttachmentBytes).fields}.`,
      );
    case 'FST_PROTO_VIOLATION':
      return badRequest('A form field has a name that is not allowed.', 'UNKNOWN_FIELD');
    default:
      // A truncated body, a missing boundary, a malformed part header, a client that went away.
      return badRequest('The form data is incomplete or malformed.', 'MALFORMED_FORM');
  }
}

/** Repeated fields, or one comma-separated value. */
function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function formatMegabytes(bytes: number): string {
  return `${Number((bytes / 1024 / 1024).toFixed(2))} MB`;
}
