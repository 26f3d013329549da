// A validator of requests to, and answers of, Jira Data Center against jira-dc-openapi-subset.json: the
// operations Handoff uses, cut from Atlassian's public Jira Software Data Center 10.3 OpenAPI document
// (https://dac-static.atlassian.com/server/jira/platform/jira_software_dc_10003_swagger.v3.json, info.version
// 10.3.24; its x-source names the checksum and lists the patches for the document's known defects).
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: object }>;
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

const SPEC_ID = 'https://jira-dc.invalid/openapi.json';
const spec = JSON.parse(readFileSync(new URL('./jira-dc-openapi-subset.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: object;
};

function makeAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, coerceTypes });
  const addFormats = ((addFormatsModule as { default?: unknown }).default ?? addFormatsModule) as (
    a: Ajv,
  ) => Ajv;
  addFormats(ajv);
  ajv.addFormat('int32', true);
  ajv.addFormat('int64', true);
  ajv.addSchema({ $id: SPEC_ID, components: spec.components });
  return ajv;
}
const strict = makeAjv(false);
const coercing = makeAjv(true);

/** `#/components/…` refs resolved against the document. */
function rebase(schema: object): object {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${SPEC_ID}#/components/`));
}

const compiled = new Map<string, ValidateFunction>();
function validator(key: string, schema: object, ajv: Ajv): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(rebase(schema));
    compiled.set(key, validate);
  }
  return validate;
}

const templates = Object.keys(spec.paths).map((template) => ({
  template,
  re: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The document's operation for a method and a path under /rest (e.g. /api/2/search), if it has one. */
function dcOperation(method: string, path: string): { template: string; operation: Operation } | undefined {
  const match = templates.find(({ re }) => re.test(path));
  const operation = match && spec.paths[match.template]?.[method.toLowerCase()];
  return match && operation ? { template: match.template, operation } : undefined;
}

const describe = (validate: ValidateFunction) =>
  (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join('; ');

/** What is wrong with a request's query and body, by the document; [] when nothing is. */
export function dcRequestProblems(
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown,
): string[] {
  const found = dcOperation(method, path);
  if (!found) return [`${method} ${path}: no such operation`];
  const { template, operation } = found;
  const problems: string[] = [];
  const parameters = (operation.parameters ?? []).filter((p) => p.in === 'query');
  for (const name of new Set(query.keys())) {
    const parameter = parameters.find((p) => p.name === name);
    if (!parameter) {
      problems.push(`${method} ${template}: undeclared query parameter ${name}`);
      continue;
    }
    const value = query.get(name);
    const validate = validator(
      `q ${method} ${template} ${name}`,
      { type: 'object', properties: { value: parameter.schema ?? {} } },
      coercing,
    );
    if (!validate({ value })) {
      problems.push(`${method} ${template}: query ${name}=${value}: ${describe(validate)}`);
    }
  }
  for (const parameter of parameters) {
    if (parameter.required && !query.has(parameter.name)) {
      problems.push(`${method} ${template}: missing query parameter ${parameter.name}`);
    }
  }
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  if (bodySchema && body !== undefined) {
    const validate = validator(`b ${method} ${template}`, bodySchema, strict);
    if (!validate(body)) problems.push(`${method} ${template} body: ${describe(validate)}`);
  } else if (!bodySchema && body !== undefined) {
    problems.push(`${method} ${template}: takes no body`);
  }
  return problems;
}

/** What is wrong with an answer, by the document (statuses it does not list, bodies off their schema). */
export function dcAnswerProblems(method: string, path: string, status: number, body: unknown): string[] {
  const found = dcOperation(method, path);
  if (!found) return [];
  const { template, operation } = found;
  // Error answers are declared without bodies; 429 nowhere (rate limiting is an administrator's option).
  if (status >= 400) return [];
  const response = operation.responses[String(status)];
  if (!response) return [`${method} ${template}: undeclared status ${status}`];
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return body === undefined ? [] : [`${method} ${template} ${status}: declares no body`];
  const validate = validator(`a ${method} ${template} ${status}`, schema, strict);
  return validate(body) ? [] : [`${method} ${template} ${status}: ${describe(validate)}`];
}
