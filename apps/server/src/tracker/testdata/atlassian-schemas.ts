// Validators for Atlassian's own schemas, so the demo tracker is held to the real shapes:
// - jira-openapi-subset.json: the components.schemas of Atlassian's Jira Cloud OpenAPI document
//   (https://developer.atlassian.com/cloud/jira/platform/swagger-v3.v3.json) reachable from the answers
//   we use; its x-source names the version and checksum of the document it was cut from;
// - the ADF JSON schema from @atlaskit/adf-schema 57.7.22 (packages/core/testdata).
import { readFileSync } from 'node:fs';
import { adfJsonSchema } from '@handoff/core/testing/reference-data';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

const OPENAPI_ID = 'https://jira.invalid/openapi.json';
const ADF_ID = 'https://adf.invalid/full.json';

const readJson = (name: string) =>
  JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;

let ajv: Ajv | undefined;

function instance(): Ajv {
  if (ajv) return ajv;
  // OpenAPI 3.0 schemas carry keywords JSON Schema does not know (readOnly, xml, example): not strict.
  const created = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as (
    a: Ajv,
  ) => Ajv;
  addFormats(created);
  created.addFormat('int32', true);
  created.addFormat('int64', true);
  created.addSchema({ $id: OPENAPI_ID, components: readJson('jira-openapi-subset.json').components });
  created.addSchema({ ...adfJsonSchema(), $id: ADF_ID });
  ajv = created;
  return created;
}

const compiled = new Map<string, ValidateFunction>();

function check(ref: string, value: unknown): ErrorObject[] {
  let validate = compiled.get(ref);
  if (!validate) {
    validate = instance().compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/** The errors of `value` against components.schemas[name] of Atlassian's OpenAPI document; [] when valid. */
export function openApiErrors(name: string, value: unknown): ErrorObject[] {
  return check(`${OPENAPI_ID}#/components/schemas/${name}`, value);
}

/** The errors of an ADF document against Atlassian's ADF JSON schema; [] when valid. */
export function adfErrors(value: unknown): ErrorObject[] {
  return check(ADF_ID, value);
}
