// Reference data for tests, kept in packages/core/testdata (see its README for where each file comes from).
import { readFileSync } from 'node:fs';

const read = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../testdata/${name}`, import.meta.url), 'utf8'));

/**
 * Atlassian's ADF JSON schema (draft-04), `dist/json-schema/v1/full.json` of @atlaskit/adf-schema 57.7.22,
 * without its `$schema` line: the keywords it uses mean the same to Ajv 8's default draft.
 */
export function adfJsonSchema(): Record<string, unknown> {
  const { $schema: _draft, ...schema } = read('adf-schema-v1-full.json');
  return schema;
}

/** A realistic story description in ADF: a `#test#` paragraph, then test steps with every inline node. */
export function sampleDescriptionAdf(): Record<string, unknown> {
  return read('sample-description-adf.json');
}
