// A body field a product route (/jira/…) does not keep is refused with 400 naming it, so a client never
// believes a setting was saved that was dropped. The sign-in provider's and the demo tracker's routes
// speak Google's and Atlassian's protocols, which let clients send fields a server ignores. The route's own body schema says which fields it keeps;
// a schema that accepts a field only to ignore it (the list toggle's whole project) declares it, and the
// README lists those. z.looseObject() would accept any field; no route uses it.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../errors.ts';

/** At most this many unknown fields are named in one answer. */
const MAX_NAMED = 5;

type Definition = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  getter?: () => z.ZodType;
};

const definitionOf = (schema: unknown): Definition | undefined =>
  (schema as { _zod?: { def?: Definition } } | undefined)?._zod?.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/** The schema under optional(), default(), a pipe's input and the like. */
function unwrapped(schema: unknown): Definition | undefined {
  let def = definitionOf(schema);
  for (let depth = 0; def && depth < 20; depth++) {
    if (WRAPPERS.has(def.type)) def = definitionOf(def.innerType);
    else if (def.type === 'pipe') def = definitionOf(def.in);
    else if (def.type === 'lazy') def = definitionOf(def.getter?.());
    else break;
  }
  return def;
}

/** The paths of the fields in `value` that `schema` has no place for. */
function unknownFields(schema: unknown, value: unknown, path: string, found: string[]): void {
  const def = unwrapped(schema);
  if (!def || found.length >= MAX_NAMED || typeof value !== 'object' || value === null) return;
  if (def.type === 'array' && Array.isArray(value)) {
    value.forEach((item, index) => {
      unknownFields(def.element, item, `${path}[${index}]`, found);
    });
  }
  if (def.type !== 'object' || Array.isArray(value) || !def.shape) return;
  // A loose object (catchall unknown) takes any field; a strict one refuses them itself.
  const keepsAny = def.catchall !== undefined && definitionOf(def.catchall)?.type !== 'never';
  for (const [key, child] of Object.entries(value)) {
    const where = path ? `${path}.${key.slice(0, 50)}` : key.slice(0, 50);
    if (key in def.shape) unknownFields(def.shape[key], child, where, found);
    else if (!keepsAny) found.push(where);
    if (found.length >= MAX_NAMED) return;
  }
}

/** Refuses the request when its JSON body holds a field the route's body schema does not keep. */
export function refuseUnknownFields(request: FastifyRequest): void {
  const schema = request.routeOptions.schema?.body;
  if (!schema || request.body === undefined || !request.routeOptions.url?.startsWith('/jira/')) return;
  const found: string[] = [];
  unknownFields(schema, request.body, '', found);
  if (found.length > 0) {
    const names = found.map((field) => `"${field}"`).join(', ');
    throw badRequest(
      `Invalid body: ${found.length === 1 ? 'a field' : 'fields'} this call does not keep: ${names}. Leave ${found.length === 1 ? 'it' : 'them'} out.`,
      'UNKNOWN_FIELD',
    );
  }
}
