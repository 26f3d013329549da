// Linear's GraphQL schema as far as the Linear adapter uses it (linear-schema-subset.graphql, cut from
// Linear's published schema by scripts/trim-linear-schema.mjs), for the tests and the Linear double: a
// document Linear would refuse fails `validate` here, and the double answers by executing against it.
import { readFileSync } from 'node:fs';
import { buildSchema, type DocumentNode, type GraphQLSchema, parse, validate } from 'graphql';

let schema: GraphQLSchema | undefined;

export function linearSchema(): GraphQLSchema {
  schema ??= buildSchema(readFileSync(new URL('./linear-schema-subset.graphql', import.meta.url), 'utf8'));
  return schema;
}

/** The document parsed and validated against the schema, or why Linear would refuse it. */
export function checkLinearDocument(text: string): { document: DocumentNode } | { problems: string[] } {
  let document: DocumentNode;
  try {
    document = parse(text);
  } catch (error) {
    return { problems: [(error as Error).message] };
  }
  const errors = validate(linearSchema(), document);
  return errors.length > 0 ? { problems: errors.map((error) => error.message) } : { document };
}
