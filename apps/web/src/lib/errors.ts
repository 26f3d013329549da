// Turning a failed call into what the user sees (docs/product.md §7/§8: the server's `error` or `message`),
// in plain sentences: a refused request's validation details lose their technical prefixes
// ("Invalid body: email: …"), and a schema's own wording ("Invalid input: expected string") is not shown.
import { ApiError, SessionExpiredError } from './api-client';

const REFUSED_INPUT = 'Some of what you entered was not accepted. Check the form and try again.';

/** A schema library's default wording, meaningful to a developer only. */
const TECHNICAL =
  /^(invalid (input|option|type|email|string|url|uuid|date)|too (small|big)|expected |unrecognized key|required$)/i;

/**
 * "Invalid body: clientEmails.0: Client e-mail "x" is not a valid e-mail address.; name: Too small…" →
 * 'Client e-mail "x" is not a valid e-mail address.' plus one sentence for the technical rest.
 */
function plainValidationMessage(message: string): string {
  const details = message
    .replace(/^Invalid [a-z]+: /, '')
    .split('; ')
    .map((detail) => detail.replace(/^[\w.[\]-]+: /, '').trim());
  const sentences = details.filter((detail) => detail && !TECHNICAL.test(detail));
  const plain = [...new Set(sentences)].map((s) => (/[.!?]$/.test(s) ? s : `${s}.`));
  if (plain.length < details.length) plain.push(REFUSED_INPUT);
  return [...new Set(plain)].join(' ');
}

function isRefusedInput(error: ApiError): boolean {
  const data = error.data as { code?: unknown } | undefined;
  return error.status === 400 && data?.code === 'INVALID_REQUEST';
}

/** The text to show for a failed call: the server's message, or a plain sentence for a network failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError)
    return isRefusedInput(error) ? plainValidationMessage(error.message) : error.message;
  if (error instanceof TypeError)
    return 'The server could not be reached. Check your connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/**
 * True when the session has just been ended (an unrecoverable 401): the gate is already taking the user to
 * the sign-in page, so nothing more is reported.
 */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof SessionExpiredError;
}
