import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Writes answers by their zod schemas, compiled once per route and status to a JSON Schema serializer
 * (fast-json-stringify, Fastify's own): only the fields a schema declares are written, as the zod
 * serializer did, but without parsing every answer through zod first, which was a tenth of a simple
 * call's time under load (bench/load.bench.ts). The schemas are plain data (no transforms), so their JSON
 * Schema says all they say. https://zod.dev/json-schema
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  // Compiled on a route's first answer with that status, not at start: most routes × statuses are
  // rarely answered, and the compiled code (with Ajv for the nullable fields) cost about 6 MB at start.
  let stringify: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    stringify ??= fastJsonStringify(
      z.toJSONSchema(schema, { target: 'draft-07', io: 'output' }) as Parameters<typeof fastJsonStringify>[0],
    );
    return stringify(data);
  };
};
