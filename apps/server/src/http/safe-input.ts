// One check, for every route, of text PostgreSQL would refuse to store, and of JSON nested deeper than
// any request of ours needs. Without it such input reaches the database and answers 500.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors.ts';
import { refuseUnknownFields } from './unknown-fields.ts';

/** Deepest nesting of a JSON body (ours need 3 levels). */
const MAX_JSON_DEPTH = 32;

/**
 * NUL (PostgreSQL's text type cannot hold it) and unpaired UTF-16 surrogates (not valid Unicode: jsonb
 * refuses them, and the driver would store U+FFFD instead).
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` can't be stored, naming `where`; undefined when it can. */
export function rejectedTextProblem(text: string, where: string): string | undefined {
  if (!text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text)) return undefined;
  return `${where} contains a character that is not allowed (a NUL character or an unpaired surrogate).`;
}

/** The first problem in a parsed request part (walked without recursion, so depth can't overflow). */
function inputProblem(value: unknown, part: string): string | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: part, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = rejectedTextProblem(current, path);
      if (problem) return problem;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_JSON_DEPTH)
      return `${part} is nested deeper than the limit of ${MAX_JSON_DEPTH} levels.`;
    for (const [key, child] of Object.entries(current)) {
      const keyProblem = rejectedTextProblem(key, `A field name in ${path}`);
      if (keyProblem) return keyProblem;
      stack.push({ value: child, path: `${path}.${key.slice(0, 50)}`, depth: depth + 1 });
    }
  }
  return undefined;
}

function checkRequest(request: FastifyRequest): void {
  for (const [part, value] of [
    ['body', request.body],
    ['query', request.query],
    ['params', request.params],
  ] as const) {
    const problem = inputProblem(value, part);
    if (problem) throw badRequest(problem, 'INVALID_TEXT');
  }
}

/**
 * Registers the checks before validation on every route (the multipart send form checks its own parts):
 * text the database can't store, and fields the route does not keep.
 */
export const safeInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      checkRequest(request);
      refuseUnknownFields(request);
    });
  },
  { name: 'safe-input' },
);
